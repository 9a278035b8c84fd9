import appConfig from '../../app-config.json';

/** Build-time configuration shared with index.html (see vite.config.ts). */
export const config = {
  brand: appConfig.brand,
  description: appConfig.description,
  keywords: appConfig.keywords,
  marketingSiteUrl: appConfig.marketingSiteUrl,
  supportEmail: appConfig.supportEmail,
  /** Where client log records are posted in batches; null keeps them in the console only. */
  logEndpoint: appConfig.logEndpoint as string | null,
} as const;
