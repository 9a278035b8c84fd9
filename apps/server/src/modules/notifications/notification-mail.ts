import { teamScreenUrl } from '@kindling/domain';
import type { MailContent } from '../../mail/render-mail';

/** The mail every member with mail gets for one notification (escaped by renderMail). */
export function notificationMail(input: {
  adminUrl: string;
  team: { slug: string; name: string };
  title: string;
  body: string;
  link: string | null;
}): MailContent {
  const base = input.adminUrl.replace(/\/+$/, '');
  const url = input.link
    ? `${base}${input.link}`
    : teamScreenUrl(base, input.team.slug, '/campaigns');
  return {
    subject: `${input.team.name}: ${input.title}`,
    heading: input.title,
    paragraphs: input.body
      .split(/\n\s*\n/u)
      .map((paragraph) => paragraph.trim())
      .filter((paragraph) => paragraph.length > 0),
    action: { label: 'Open in Kindling', url },
    footnote: `You get this mail as a member of ${input.team.name} on Kindling. You can turn these mails off under Settings, Preferences.`,
  };
}
