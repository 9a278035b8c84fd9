import {
  landingPageContentSchema,
  landingPageTemplateIdSchema,
  type LandingPageContent,
  type LandingPageTemplateId,
} from '@kindling/domain';
import type { PageRow } from './repo';

export interface PageView {
  id: number;
  slug: string;
  templateId: LandingPageTemplateId;
  content: LandingPageContent;
  indexable: boolean;
  published: boolean;
  publishedAt: string | null;
  /** Where the page is (or will be, once published) on the web. */
  url: string;
  createdAt: string;
  updatedAt: string;
}

/** Where pages are served: {origin}/p/{team}/{slug}. */
export const pagePath = (team: string, slug: string) =>
  `/p/${encodeURIComponent(team)}/${encodeURIComponent(slug)}`;

/** Stored content went through the same schema on the way in; reading it back keeps it typed. */
export function readPage(row: PageRow) {
  return {
    templateId: landingPageTemplateIdSchema.parse(row.templateId),
    content: landingPageContentSchema.parse(row.content),
  };
}

export function presentPage(
  row: PageRow,
  { origin, team }: { origin: string; team: string },
): PageView {
  return {
    id: row.id,
    slug: row.slug,
    ...readPage(row),
    indexable: row.indexable,
    published: row.publishedAt !== null,
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    url: `${origin}${pagePath(team, row.slug)}`,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
