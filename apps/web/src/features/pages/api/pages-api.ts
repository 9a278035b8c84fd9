import type { LandingPageContent, LandingPageInput, LandingPageTemplateId } from '@kindling/domain';
import { z } from 'zod';
import { api, request, teamApiPath } from '../../../lib/api-client';

/** A burner landing page as the API answers it (GET /api/team/{team}/pages/{id}). */
export interface LandingPage {
  id: number;
  slug: string;
  templateId: LandingPageTemplateId;
  content: LandingPageContent;
  indexable: boolean;
  published: boolean;
  publishedAt: string | null;
  /** Where the page is (or will be, once published): PAGES_ORIGIN or the app's own /p/... */
  url: string;
  createdAt: string;
  updatedAt: string;
}

export interface LandingPageSummary extends LandingPage {
  signupCount: number;
}

export interface Signup {
  email: string;
  createdAt: string;
}

export interface SignupPage {
  signups: Signup[];
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

export const pagesKey = (team: string) => ['landing-pages', team] as const;
export const pageKey = (team: string, id: number) => ['landing-pages', team, id] as const;
export const signupsKey = (team: string, id: number, page?: number) =>
  page === undefined
    ? (['landing-page-signups', team, id] as const)
    : (['landing-page-signups', team, id, page] as const);

export async function fetchPages(team: string): Promise<LandingPageSummary[]> {
  return (await api.get<{ pages: LandingPageSummary[] }>(teamApiPath(team, '/pages'))).pages;
}

export function fetchPage(team: string, id: number): Promise<LandingPage> {
  return api.get(teamApiPath(team, `/pages/${id}`));
}

export function createPage(team: string, input: LandingPageInput): Promise<{ id: number }> {
  return api.post(teamApiPath(team, '/pages'), input);
}

export function savePage(team: string, id: number, input: LandingPageInput): Promise<LandingPage> {
  return request('PUT', teamApiPath(team, `/pages/${id}`), { body: input });
}

export function setPublished(team: string, id: number, published: boolean): Promise<LandingPage> {
  return api.post(teamApiPath(team, `/pages/${id}/${published ? 'publish' : 'unpublish'}`));
}

export function deletePage(team: string, id: number): Promise<void> {
  return api.delete(teamApiPath(team, `/pages/${id}`));
}

export function fetchSignups(team: string, id: number, page: number): Promise<SignupPage> {
  return api.get(teamApiPath(team, `/pages/${id}/signups`, { page }));
}

export const signupsCsvPath = (team: string, id: number) =>
  teamApiPath(team, `/pages/${id}/signups.csv`);

/** The CSV needs the bearer token, which a plain link cannot send. */
export async function fetchSignupsCsv(team: string, id: number): Promise<Blob> {
  try {
    return await api.getFile(signupsCsvPath(team, id));
  } catch {
    throw new Error('The sign-ups could not be downloaded. Please try again.');
  }
}

const uploadedSchema = z.object({ files: z.array(z.string()).min(1) });

/**
 * A logo for a page, stored by the same upload as campaign images (checked, re-encoded, public
 * under /uploads). The page lives on PAGES_ORIGIN, so it keeps the app's absolute address.
 */
export async function uploadLogo(team: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { files } = await api.postForm(teamApiPath(team, '/campaign/upload-images'), form, {
    schema: uploadedSchema,
  });
  return new URL(files[0] ?? '', window.location.origin).href;
}
