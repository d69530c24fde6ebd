/** What `graphform init` writes: pure, from the answers and the templates' texts. */
export interface InitAnswers {
  id: string;
  label: string;
  languages: string[];
  sources: string;
}

export interface TemplateTexts {
  config: string;
  source: string;
  workflow: string;
}

export interface ScaffoldFile {
  /** Relative to the target folder, forward slashes. */
  path: string;
  content: string;
}

export const DEFAULT_ANSWERS: InitAnswers = { id: 'site', label: 'Site content', languages: ['en'], sources: 'content-sources' };

const PLACEHOLDER = /\{\{(id|label|languages|schemaPath|sources)\}\}/g;

export function scaffold(answers: InitAnswers, templates: TemplateTexts): ScaffoldFile[] {
  const depth = answers.sources.split('/').filter((part) => part !== '' && part !== '.').length;
  const values: Record<string, string> = {
    id: answers.id,
    label: JSON.stringify(answers.label),
    languages: answers.languages.join(', '),
    sources: answers.sources,
    schemaPath: `${'../'.repeat(depth)}node_modules/graphform/schema/content-source.schema.json`,
  };
  const fill = (text: string): string => text.replace(PLACEHOLDER, (_m, key: string) => values[key] ?? '');
  return [
    { path: 'graphform.config.yaml', content: fill(templates.config).replace(/^sources: .*$/m, `sources: ${answers.sources}`) },
    { path: `${answers.sources}/${answers.id}.yaml`, content: fill(templates.source) },
    { path: '.github/workflows/graphform.yml', content: fill(templates.workflow) },
  ];
}

/** Checks one answer; returns a message for the user, or undefined when it is fine. */
export function checkAnswer(key: keyof InitAnswers, value: string): string | undefined {
  switch (key) {
    case 'id':
      return /^[a-z0-9]{1,4}$/.test(value) ? undefined : 'an id is 1 to 4 characters, a-z and 0-9 only';
    case 'label':
      return value.trim() === '' ? 'the label cannot be empty' : undefined;
    case 'languages':
      return /^[A-Za-z-]+(\s*,\s*[A-Za-z-]+)*$/.test(value.trim()) ? undefined : 'give language codes separated by commas, e.g. en, sv';
    case 'sources':
      return value.trim() === '' || value.startsWith('/') || value.includes('..') ? 'give a folder inside the project, e.g. content-sources' : undefined;
    default: {
      const unreachable: never = key;
      return unreachable;
    }
  }
}
