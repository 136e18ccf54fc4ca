import type { Plugin } from 'vite';

/**
 * Amplify UI's stylesheets per component (`@aws-amplify/ui-react/styles/<name>.css`), so that a
 * route's chunk carries the CSS of the primitives it draws and nothing else. The plugin below adds
 * the imports: a module that imports `{ Button }` from '@aws-amplify/ui-react' gets
 * button.css (and what a button draws inside: flex and loader). The base rules come with the
 * entry (web/src/base.css), the tokens from <ThemeProvider>.
 *
 * Using a primitive that is not listed fails the build: add it with the stylesheets of every
 * Amplify class it renders (render it and look at its `amplify-*` classes; a class's rules live
 * in the file named after it).
 */
export const amplifyComponentStyles: Record<string, readonly string[]> = {
  // Not drawn: theming and hooks.
  ThemeProvider: [],
  createTheme: [],
  useTheme: [],
  // Layout and text
  Flex: ['flex'],
  Grid: ['grid'],
  View: [],
  Heading: ['heading'],
  Text: ['text'],
  Link: ['link'],
  Card: ['card'],
  Image: ['image'],
  Avatar: ['image', 'avatar'],
  Badge: ['badge'],
  Loader: ['loader'],
  VisuallyHidden: ['visuallyHidden'],
  Alert: ['flex', 'button', 'icon', 'alert'],
  // Actions and menus
  Button: ['flex', 'button', 'loader'],
  Menu: ['flex', 'button', 'menu'],
  MenuItem: ['button', 'menu'],
  Pagination: ['flex', 'button', 'icon', 'pagination', 'visuallyHidden'],
  // Fields
  CheckboxField: [
    'flex',
    'text',
    'fieldMessages',
    'icon',
    'input',
    'checkbox',
    'checkboxField',
    'field',
    'fieldGroup',
    'visuallyHidden',
  ],
  Fieldset: ['flex', 'fieldset', 'visuallyHidden'],
  RadioGroupField: [
    'flex',
    'text',
    'fieldMessages',
    'input',
    'field',
    'fieldGroup',
    'fieldset',
    'radio',
    'radiogroup',
    'radioGroupField',
    'visuallyHidden',
  ],
  Radio: ['flex', 'text', 'input', 'fieldGroup', 'radio', 'visuallyHidden'],
  SelectField: ['flex', 'text', 'fieldMessages', 'icon', 'field', 'fieldGroup', 'select', 'selectField'],
  TextAreaField: ['flex', 'text', 'fieldMessages', 'textArea', 'field', 'fieldGroup', 'textAreaField'],
  TextField: ['flex', 'text', 'fieldMessages', 'input', 'field', 'fieldGroup', 'textField'],
  PasswordField: [
    'flex',
    'text',
    'button',
    'fieldMessages',
    'icon',
    'input',
    'field',
    'fieldGroup',
    'passwordField',
    'textField',
    'visuallyHidden',
  ],
  SearchField: [
    'flex',
    'button',
    'icon',
    'input',
    'field',
    'fieldGroup',
    'searchField',
    'textField',
    'visuallyHidden',
  ],
  SliderField: ['flex', 'text', 'fieldMessages', 'field', 'fieldGroup', 'sliderField'],
  SwitchField: ['flex', 'text', 'fieldMessages', 'input', 'field', 'switchField', 'visuallyHidden'],
  Tabs: ['tabs'],
  // Tables
  Table: ['table'],
  TableBody: ['table'],
  TableCell: ['table'],
  TableHead: ['table'],
  TableRow: ['table'],
};

/**
 * The order of these stylesheets inside Amplify's full styles.css, which the imports keep:
 * some rules of a later sheet refine an earlier one's at equal specificity.
 */
const stylesheetOrder = [
  'flex',
  'grid',
  'text',
  'badge',
  'button',
  'fieldMessages',
  'heading',
  'icon',
  'input',
  'textArea',
  'image',
  'link',
  'loader',
  'alert',
  'avatar',
  'card',
  'checkbox',
  'checkboxField',
  'field',
  'fieldGroup',
  'fieldset',
  'menu',
  'pagination',
  'passwordField',
  'radio',
  'radiogroup',
  'radioGroupField',
  'searchField',
  'select',
  'selectField',
  'sliderField',
  'switchField',
  'table',
  'tabs',
  'textAreaField',
  'textField',
  'visuallyHidden',
];

const importPattern = /import\s*\{([^}]*)\}\s*from\s*['"]@aws-amplify\/ui-react['"]/g;

/** The value names (not types) a module imports from '@aws-amplify/ui-react'. */
export function amplifyImports(code: string): string[] {
  const names: string[] = [];
  for (const [statement, list = ''] of code.matchAll(importPattern)) {
    if (/^import\s+type\b/.test(statement)) continue;
    for (const specifier of list.split(',')) {
      const name = specifier
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** The stylesheet imports for the given primitives, in styles.css order; throws on an unknown one. */
export function stylesheetImports(components: string[]): string[] {
  const sheets = new Set<string>();
  for (const component of components) {
    const listed = amplifyComponentStyles[component];
    if (!listed) {
      throw new Error(
        `No stylesheets listed for Amplify UI's ${component}: add it to amplifyComponentStyles in web/plugins/amplify-styles.ts`,
      );
    }
    for (const sheet of listed) sheets.add(sheet);
  }
  return [...sheets]
    .map((sheet) => {
      const position = stylesheetOrder.indexOf(sheet);
      if (position < 0) throw new Error(`${sheet}.css is missing from stylesheetOrder`);
      return { sheet, position };
    })
    .sort((a, b) => a.position - b.position)
    .map(({ sheet }) => `import '@aws-amplify/ui-react/styles/${sheet}.css';`);
}

/** Adds to each app module the stylesheets of the Amplify primitives it imports. */
export function amplifyStyles(): Plugin {
  return {
    name: 'spaces:amplify-styles',
    enforce: 'pre',
    transform(code, id) {
      if (
        id.includes('/node_modules/') ||
        !/\.[jt]sx?$/.test(id) ||
        !code.includes('@aws-amplify/ui-react')
      ) {
        return null;
      }
      const components = amplifyImports(code);
      if (components.length === 0) return null;
      let imports: string[];
      try {
        imports = stylesheetImports(components);
      } catch (error) {
        this.error(`${id}: ${(error as Error).message}`);
      }
      if (imports.length === 0) return null;
      // Appended, so the module's own code keeps its place and its source map (imports are hoisted).
      return { code: `${code}\n${imports.join('\n')}\n`, map: null };
    },
  };
}
