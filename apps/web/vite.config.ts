import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import appConfig from './app-config.json' with { type: 'json' };

const API_TARGET = 'http://localhost:3000';

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Fills `{{key}}` placeholders in index.html from app-config.json, so meta tags come from config. */
function appConfigHtml(): Plugin {
  const values: Record<string, string> = {
    brand: appConfig.brand,
    description: appConfig.description,
    keywords: appConfig.keywords,
    themeColor: appConfig.themeColor,
  };
  return {
    name: 'kindling-app-config-html',
    transformIndexHtml(html) {
      return html.replace(/\{\{(\w+)\}\}/g, (match, key: string) => {
        const value = values[key];
        return value === undefined ? match : escapeHtml(value);
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), appConfigHtml()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // packages/domain is pure (lint-enforced) but builds zod schemas at module level, which a
        // bundler must otherwise keep. Declaring it side-effect free lets a screen import one
        // constant without pulling zod and every schema into the initial chunk.
        moduleSideEffects: (id) => (id.includes('/packages/domain/src/') ? false : undefined),
      },
    },
  },
});
