// The signed-in operator user's own account: two-step sign-in with an authenticator app (TOTP).
// Set up once: scan the QR code (or type the secret), confirm with a code; from then on signing
// in asks for a code. A lost phone: an admin resets it on the Users desk. A user whose scopes
// need it (OPERATOR_SECOND_FACTOR_SCOPES) sees only this page until it is on.
import QRCode from "qrcode";
import { useState } from "react";
import type { Desk } from "./app";
import { ActionForm, Field, text, usePageTitle } from "./ui";

export function AccountPage({ desk }: { desk: Desk }) {
  usePageTitle("My account");
  const user = desk.operator.user!;
  const [on, setOn] = useState(user.secondFactor);
  const [setup, setSetup] = useState<{ secret: string; qr: string } | null>(null);
  return (
    <>
      <h1>My account</h1>
      <p>{user.email}</p>
      <section aria-labelledby="two-step">
        <h2 id="two-step">Two-step sign-in</h2>
        {on ? (
          <p role="status">
            On: signing in asks for a code of your authenticator app. If you lose it, an admin
            resets it on the Users desk.
          </p>
        ) : (
          <>
            {user.secondFactorRequired ? (
              <p role="alert">Your scopes need two-step sign-in: set it up to open your desks.</p>
            ) : (
              <p>Off: your password alone signs you in.</p>
            )}
            <ActionForm
              label="Set up two-step sign-in"
              submit="Set up two-step sign-in"
              action={async () => {
                const { data } = await desk.api.send<{ data: { secret: string; uri: string } }>(
                  "POST",
                  "/me/second-factor",
                );
                setSetup({ secret: data.secret, qr: await QRCode.toDataURL(data.uri) });
                return "Scan the code with your authenticator app, then confirm below.";
              }}
            />
            {setup && (
              <>
                <img src={setup.qr} alt="QR code for your authenticator app" width={200} />
                <p>
                  Or type this secret: <code>{setup.secret}</code>
                </p>
                <ActionForm
                  label="Confirm two-step sign-in"
                  submit="Confirm"
                  action={async (form) => {
                    await desk.api.send("POST", "/me/second-factor/confirm", {
                      code: text(form, "code"),
                    });
                    setOn(true);
                    // The session may have just got its scopes (when they needed this).
                    desk.refresh();
                    return "Two-step sign-in is on.";
                  }}
                >
                  <Field label="Code from the app" name="code" />
                </ActionForm>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
