-- The demo providers' logos ship with the web app as SVG (apps/web/public/images/providers/); the
-- seed used to leave them without one, so the providers page showed text-only tiles. Only the
-- seeded providers that still have no logo get theirs: an operator's own logo is left as it is.
UPDATE game_providers
   SET logo = '/images/providers/' || slug || '.svg'
 WHERE logo IS NULL
   AND slug IN ('originals', 'sandbox-slots', 'sandbox-live');
