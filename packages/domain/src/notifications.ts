import { z } from 'zod';
import { MAX_ROW_ID } from './row-id';
import { hasUnsafeCharacters, isBlankText, trimText } from './text';

// In-app team notifications (issue 18: "the team is told, in the app; e-mail if configured").
// The server writes them (no public create route); members read them, each with their own
// read state.

export const NOTIFICATION_LIMITS = { title: 120, body: 1000, link: 500, idsPerRequest: 100 };

/** How often the app asks for the unread count: calm, a notification is never urgent. */
export const NOTIFICATION_POLL_MS = 60_000;

export const NOTIFICATION_MESSAGES = {
  title: `A notification needs a title of at most ${NOTIFICATION_LIMITS.title} characters`,
  body: `A notification's text is at most ${NOTIFICATION_LIMITS.body} characters`,
  link: 'A notification link is a path inside the app, starting with /admin/',
  ids: `ids must be a list of at most ${NOTIFICATION_LIMITS.idsPerRequest} notification ids`,
  notFound: 'Notification not found',
  page: 'page must be a whole number from 1',
} as const;

const text = (max: number, message: string, required: boolean) =>
  z
    .string(message)
    .transform(trimText)
    .refine((value) => !hasUnsafeCharacters(value), message)
    .refine((value) => value.length <= max, message)
    .refine((value) => !required || !isBlankText(value), message);

/**
 * A link inside the app: /admin/... only, so a notification can never send a reader off-site
 * (no scheme, no `//host`, no backslash a browser would read as a slash).
 */
export const notificationLinkSchema = z
  .string(NOTIFICATION_MESSAGES.link)
  .max(NOTIFICATION_LIMITS.link, NOTIFICATION_MESSAGES.link)
  .regex(/^\/admin\/[^\\\s]*$/, NOTIFICATION_MESSAGES.link)
  .refine((value) => !value.startsWith('//'), NOTIFICATION_MESSAGES.link);

export const notificationInputSchema = z.object({
  // One line: it is also a mail's subject.
  title: text(NOTIFICATION_LIMITS.title, NOTIFICATION_MESSAGES.title, true).transform((value) =>
    value.replace(/\s+/gu, ' '),
  ),
  body: text(NOTIFICATION_LIMITS.body, NOTIFICATION_MESSAGES.body, false),
  link: notificationLinkSchema.nullish().transform((value) => value ?? null),
});
export type NotificationInput = z.input<typeof notificationInputSchema>;

/** POST .../notifications/read: the listed ids, or every notification when ids is absent. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(
      z
        .number(NOTIFICATION_MESSAGES.ids)
        .int(NOTIFICATION_MESSAGES.ids)
        .min(1, NOTIFICATION_MESSAGES.ids)
        .max(MAX_ROW_ID, NOTIFICATION_MESSAGES.ids),
      NOTIFICATION_MESSAGES.ids,
    )
    .max(NOTIFICATION_LIMITS.idsPerRequest, NOTIFICATION_MESSAGES.ids)
    .optional(),
});

export const notificationPageSchema = z.coerce
  .number(NOTIFICATION_MESSAGES.page)
  .int(NOTIFICATION_MESSAGES.page)
  .min(1, NOTIFICATION_MESSAGES.page)
  .max(1_000_000, NOTIFICATION_MESSAGES.page)
  .default(1);

/** One notification as a member sees it (GET .../notifications). */
export const notificationViewSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** A path inside the app (/admin/{team}/...), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the member asking has read it. */
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationViewSchema),
  unreadCount: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalItems: z.number(),
  totalPages: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number() });
