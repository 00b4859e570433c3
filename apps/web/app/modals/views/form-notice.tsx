/** An inline message announced to screen readers (role="alert"). */
export function FormNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="modal-notice" role="alert">
      {text}
    </p>
  );
}
