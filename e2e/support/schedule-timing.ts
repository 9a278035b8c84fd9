/** How often the e2e server's worker applies due schedules (SCHEDULE_CHECK_MS, global-setup). */
export const E2E_SCHEDULE_CHECK_MS = 2_000;
