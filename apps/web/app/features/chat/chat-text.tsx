// A chat message's text: text nodes, and links for http(s) addresses only (chat-text.ts). React
// escapes every text node, so markup in a message shows as the characters typed.
import { chatTextParts } from "@casino/contract/chat-text";

export function ChatText({ text }: { text: string }) {
  return (
    <>
      {chatTextParts(text).map((part, index) =>
        part.kind === "link" ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
          >
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
