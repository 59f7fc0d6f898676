/** A viewport as the audits use them: a phone and a laptop. */
export const PHONE_WIDTH = 390;
export const LAPTOP_WIDTH = 1280;

const REM_PX = 16;
const WIDTH_FEATURE = /\((min|max)-width:\s*([\d.]+)(rem|em|px)\)/g;

/**
 * Whether a media condition as Chakra writes its breakpoints ('screen and (min-width: 48rem)',
 * 'screen and (max-width: 47.9975rem)') holds at this viewport width. A condition on anything else
 * (hover, colour scheme, print) does not: these helpers only answer for widths.
 */
function holdsAt(condition: string, width: number): boolean {
  const rest = condition
    .replace(WIDTH_FEATURE, '')
    .replace(/\b(screen|and|all)\b/g, '')
    .trim();
  if (rest) return false;
  return [...condition.matchAll(WIDTH_FEATURE)].every(([, kind, value, unit]) => {
    const px = Number(value) * (unit === 'px' ? 1 : REM_PX);
    return kind === 'min' ? width >= px : width <= px;
  });
}

/** Whether a selector applies; one jsdom cannot parse (pseudo-elements, ::backdrop) does not. */
function matches(element: Element, selector: string) {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

interface Declared {
  style: CSSStyleDeclaration;
  layered: boolean;
}

/** The style rules that apply to the element at this width, in document order, each with whether it sits in a cascade layer. */
function rulesAt(element: Element, width: number): Declared[] {
  const found: Declared[] = [];
  const walk = (rules: CSSRuleList, layered: boolean) => {
    for (const rule of [...rules]) {
      if (rule instanceof CSSStyleRule) {
        if (matches(element, rule.selectorText)) found.push({ style: rule.style, layered });
      } else if (rule instanceof CSSMediaRule) {
        if (holdsAt(rule.conditionText, width)) walk(rule.cssRules, layered);
      } else if ('cssRules' in rule) {
        // @layer blocks (Chakra's reset, tokens and recipes) and @supports.
        walk((rule as CSSGroupingRule).cssRules, layered || rule.constructor.name === 'CSSLayerBlockRule');
      }
    }
  };
  for (const sheet of [...document.styleSheets]) walk(sheet.cssRules, false);
  return found;
}

/**
 * The value of a CSS property on the element at a viewport width, read from the page's style
 * sheets: jsdom's getComputedStyle skips Chakra's cascade layers and knows no viewport, so a
 * responsive prop (`{ base: …, md: … }`) cannot be checked with it. Simplified cascade: a rule
 * outside the layers beats one inside them, then the later rule wins (Chakra's rules for one
 * element share a specificity). '' when nothing sets it.
 */
export function styleAtWidth(element: Element, property: string, width: number): string {
  const declared = rulesAt(element, width).filter((rule) => rule.style.getPropertyValue(property) !== '');
  const winner = declared.filter((rule) => !rule.layered).at(-1) ?? declared.at(-1);
  return winner?.style.getPropertyValue(property) ?? '';
}
