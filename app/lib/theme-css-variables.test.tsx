/**
 * The cached theme CSS variables (decision 034) are exactly what MantineProvider
 * itself renders for Dimora's theme, and come from one string built once.
 */
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, localizedTheme, theme } from './theme';
import { ThemeCssVariables, themeCssVariables } from './theme-css-variables';

/** The `<style data-mantine-styles="true">` element of a render (Mantine's or ours). */
function variablesStyle(html: string): string | undefined {
  return /<style data-mantine-styles="true">[^<]*<\/style>/.exec(html)?.[0];
}

describe('theme CSS variables', () => {
  it('render as MantineProvider renders them', () => {
    const mantine = renderToStaticMarkup(
      <MantineProvider theme={localizedTheme('Dismiss')} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false}>
        <p />
      </MantineProvider>,
    );
    const ours = renderToStaticMarkup(
      <MantineProvider
        theme={localizedTheme('Dismiss')}
        cssVariablesResolver={cssVariablesResolver}
        withGlobalClasses={false}
        withCssVariables={false}
      >
        <ThemeCssVariables theme={theme} resolver={cssVariablesResolver} />
      </MantineProvider>,
    );
    const expected = variablesStyle(mantine);
    expect(expected).toContain('--mantine-primary-color-filled-hover');
    expect(expected).toContain('--mantine-font-family-headings');
    expect(variablesStyle(ours)).toBe(expected);
    // Ours renders nothing else: no second copy of the variables.
    expect(ours.match(/data-mantine-styles="true"/g)).toHaveLength(1);
  });

  it('are built once per theme and resolver', () => {
    expect(themeCssVariables(theme, cssVariablesResolver)).toBe(themeCssVariables(theme, cssVariablesResolver));
    expect(localizedTheme('Dismiss')).toBe(localizedTheme('Dismiss'));
    expect(localizedTheme('Chiudi')).not.toBe(localizedTheme('Dismiss'));
  });
});
