-- The demo catalogue's covers ship with the web app as SVG (apps/web/public/images/games/); the
-- seed named WebP files that never existed, so every card asked for a 404 and showed its drawn
-- placeholder. Only the seeded games whose image is still the seed's path move: an operator's own
-- image is left as it is.
UPDATE games
   SET image = '/images/games/' || slug || '.svg'
 WHERE image = '/images/games/' || slug || '.webp'
   AND slug IN ('dice', 'limbo', 'european-roulette', 'baccarat', 'fruit-lines', 'gold-rush',
                'ocean-gems', 'pharaoh-spins', 'lucky-sevens', 'live-roulette', 'live-blackjack');
