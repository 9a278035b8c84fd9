import { describe, expect, it } from 'vitest';
import { fillPrompt, loadPrompt, loadTemplate, PROMPT_NAMES, TEMPLATE_NAMES } from './prompts';

describe('prompt files', () => {
  it('every prompt has a system and a user part', () => {
    for (const name of PROMPT_NAMES) {
      const prompt = loadPrompt(name);
      expect(prompt.system.length).toBeGreaterThan(50);
      expect(prompt.user).toMatch(/\{\{\w+\}\}/);
    }
    for (const name of TEMPLATE_NAMES) expect(loadTemplate(name)).toContain('{{prompt}}');
  });

  it('fills every placeholder and refuses missing or unused values', () => {
    expect(fillPrompt('Hi {{name}}, {{name}}!', { name: 'Ada' })).toBe('Hi Ada, Ada!');
    expect(() => fillPrompt('Hi {{name}}', {})).toThrow('{{name}}');
    expect(() => fillPrompt('Hi', { name: 'Ada' })).toThrow('no place for name');
  });
});
