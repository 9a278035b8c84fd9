// Code that runs inside customers' pages (mutations, preview agent, tracker) arrives with the live-preview issue.
export const PAGE_RUNTIME_VERSION = 1;
