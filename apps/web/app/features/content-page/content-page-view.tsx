import type { ContentPage } from "@casino/contract/content";
import { PageFrame } from "../page/page-frame";
import "./content-page.css";

/**
 * A content page (static, bonus, questions, slug): title and the server-rendered HTML. The front
 * matter image is the page's social-sharing image (og:image), not shown in the page.
 */
export function ContentPageView({ page }: { page: ContentPage }) {
  return (
    <PageFrame title={page.title}>
      <div
        className="content-page"
        // The HTML is rendered on the server from the operator's Markdown and cleaned there to an
        // allowlist of tags and attributes (apps/server/src/modules/content/render-page.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered, cleaned content HTML
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </PageFrame>
  );
}
