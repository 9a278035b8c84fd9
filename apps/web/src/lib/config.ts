import appConfig from '../../app-config.json';

/** Build-time configuration shared with index.html (see vite.config.ts). */
export const config = {
  brand: appConfig.brand,
  description: appConfig.description,
  keywords: appConfig.keywords,
  marketingSiteUrl: appConfig.marketingSiteUrl,
  supportEmail: appConfig.supportEmail,
} as const;
