import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../server-root';

/** Chat prompts in apps/server/prompts, each a system and a user part. */
export const PROMPT_NAMES = ['rewrite-text', 'describe-element'] as const;
export type PromptName = (typeof PROMPT_NAMES)[number];
/** Single-part prompts (image models take one text). */
export const TEMPLATE_NAMES = ['draw-image', 'edit-image'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

const PROMPTS_DIR = path.join(SERVER_ROOT, 'prompts');
const readPart = (root: string, file: string) =>
  readFileSync(path.join(root, `${file}.md`), 'utf8').trim();

export interface Prompt {
  system: string;
  user: string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Reads a prompt's two files; done once when the provider is created, so a bad file fails fast. */
export function loadPrompt(name: PromptName, root = PROMPTS_DIR): Prompt {
  return { system: readPart(root, `${name}.system`), user: readPart(root, `${name}.user`) };
}

export const loadTemplate = (name: TemplateName, root = PROMPTS_DIR): string =>
  readPart(root, name);

/**
 * Fills `{{name}}` placeholders. Every placeholder needs a value and every value a placeholder,
 * so a renamed field cannot silently drop out of the prompt.
 */
export function fillPrompt(template: string, values: Record<string, string>): string {
  const used = new Set<string>();
  const filled = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The prompt needs a value for {{${name}}}`);
    used.add(name);
    return value;
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`The prompt has no place for ${unused.join(', ')}`);
  return filled;
}
