import type { Desk } from "./app";
import { ActionForm, Field, text, useOnceKey, usePageTitle } from "./ui";

export function MessagesPage({ desk }: { desk: Desk }) {
  const key = useOnceKey();
  usePageTitle("Messages");
  return (
    <>
      <h1>Messages</h1>
      <ActionForm
        label="New broadcast"
        titled
        submit="Send broadcast"
        action={async (form) => {
          const link = text(form, "link");
          const ids = text(form, "playerIds")
            .split(/[\s,]+/)
            .filter(Boolean);
          const { data } = await desk.api.send<{
            data: { recipients: number; skipped: number; replay: boolean };
          }>("POST", "/notifications/broadcasts", {
            key: key.current(),
            kind: text(form, "kind"),
            title: text(form, "title"),
            text: text(form, "text"),
            ...(link ? { link } : {}),
            ...(ids.length > 0 ? { playerIds: ids } : {}),
          });
          key.next();
          return `Sent to ${data.recipients} player${data.recipients === 1 ? "" : "s"}; ${data.skipped} left out.`;
        }}
      >
        <Field label="Kind" name="kind">
          <option value="service">Service (every active player)</option>
          <option value="promo">Promotion (not to self-excluded or cooling-off players)</option>
        </Field>
        <Field label="Title" name="title" />
        <Field label="Text" name="text" type="textarea" />
        <Field label="Link (a site path, optional)" name="link" required={false} />
        <Field label="Only these player ids (optional)" name="playerIds" required={false} />
      </ActionForm>
    </>
  );
}
