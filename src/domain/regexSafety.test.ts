import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RegExpParser, type AST } from '@eslint-community/regexpp';
import ts from 'typescript';

/**
 * Every regular expression of src/domain (the rules the browser and the server share) runs in time
 * linear in its input, by construction: a check of each literal's structure, not a stopwatch.
 *
 * The rule (conservative; a regex it refuses can usually be rewritten to pass):
 * - no unbounded quantifier may match a character that what can follow it may also start with
 *   (`[^@]+\.[^@]+` refused: the dot is in the class, so every dot is a choice to backtrack over);
 * - a repeated group holding an unbounded quantifier must start with a character that quantifier
 *   cannot match (`(;[^;]*)*` passes: each repetition is told apart by its `;`), and the
 *   alternatives of a repeated group must start differently (`(\w|\d)*` refused).
 */

const DOMAIN = __dirname;
/** Characters the sets are compared over: ASCII, and some that classes such as \s or [^…] take in. */
const SAMPLES = [
  ...Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)),
  ...['\u00a0', 'á', 'Ç', 'ß', '\u200b', '\u2028', '\ufeff', '中'],
];

type CharSet = Set<string>;
const union = (...sets: CharSet[]) => new Set(sets.flatMap((set) => [...set]));
const overlap = (a: CharSet, b: CharSet) => [...a].filter((char) => b.has(char));

class LinearityCheck {
  readonly problems: string[] = [];
  constructor(private readonly flags: string) {}

  /** The sample characters one step of `node` can consume (a single-character atom), or everything for others. */
  private charsOf(node: AST.Node): CharSet {
    const matcher = new RegExp(`^(?:${node.raw})$`, this.flags.replace(/[gy]/g, ''));
    return new Set(SAMPLES.filter((char) => matcher.test(char)));
  }

  /** What the elements from `index` on may start with, and whether they may match nothing. */
  private first(elements: AST.Element[], index: number): { chars: CharSet; nullable: boolean } {
    let chars: CharSet = new Set();
    for (const element of elements.slice(index)) {
      const own = this.firstOf(element);
      chars = union(chars, own.chars);
      if (!own.nullable) return { chars, nullable: false };
    }
    return { chars, nullable: true };
  }

  private firstOf(element: AST.Element): { chars: CharSet; nullable: boolean } {
    switch (element.type) {
      case 'Assertion':
        return { chars: new Set(), nullable: true };
      case 'Quantifier': {
        const inner = this.firstOf(element.element);
        return { chars: inner.chars, nullable: element.min === 0 || inner.nullable };
      }
      case 'Group':
      case 'CapturingGroup': {
        const alternatives = element.alternatives.map((alternative) => this.first(alternative.elements, 0));
        return { chars: union(...alternatives.map((entry) => entry.chars)), nullable: alternatives.some((entry) => entry.nullable) };
      }
      case 'Backreference':
        return { chars: new Set(SAMPLES), nullable: true };
      default:
        return { chars: this.charsOf(element), nullable: false };
    }
  }

  /** Checks a sequence whose end may be followed by `after`. */
  sequence(elements: AST.Element[], after: CharSet): void {
    elements.forEach((element, index) => {
      const rest = this.first(elements, index + 1);
      const follow = rest.nullable ? union(rest.chars, after) : rest.chars;
      const target = element.type === 'Quantifier' ? element.element : element;
      const repeats = element.type === 'Quantifier' && element.max > 1;
      if (target.type === 'Group' || target.type === 'CapturingGroup') {
        const groupFollow = repeats ? union(follow, this.firstOf(target).chars) : follow;
        for (const alternative of target.alternatives) this.sequence(alternative.elements, groupFollow);
        if (element.type === 'Quantifier' && element.max === Infinity) this.repeatedGroup(target);
      } else if (element.type === 'Quantifier' && element.max === Infinity) {
        const shared = overlap(this.charsOf(element.element), follow);
        if (shared.length) this.problems.push(`${element.raw} can also match what follows it (${JSON.stringify(shared.slice(0, 5))})`);
      }
    });
  }

  private repeatedGroup(group: AST.Group | AST.CapturingGroup): void {
    const starts = group.alternatives.map((alternative) => this.first(alternative.elements, 0).chars);
    if (starts.some((chars, index) => starts.slice(index + 1).some((other) => overlap(chars, other).length))) {
      this.problems.push(`${group.raw} repeats alternatives that can start alike`);
    }
    for (const alternative of group.alternatives) {
      const [head] = alternative.elements;
      const inner = alternative.elements.filter(
        (element): element is AST.Quantifier => element.type === 'Quantifier' && element.max === Infinity,
      );
      if (!inner.length) continue;
      const headChars = head && head.type !== 'Quantifier' && head.type !== 'Assertion' ? this.firstOf(head).chars : new Set(SAMPLES);
      if (inner.some((quantifier) => quantifier === head || overlap(this.charsOf(quantifier.element), headChars).length)) {
        this.problems.push(`${group.raw} repeats a group whose repetitions cannot be told apart`);
      }
    }
  }
}

function problemsOf(regex: RegExp): string[] {
  const literal = new RegExpParser().parseLiteral(String(regex));
  const check = new LinearityCheck(regex.flags);
  for (const alternative of literal.pattern.alternatives) check.sequence(alternative.elements, new Set());
  return check.problems;
}

/** Every regular expression literal in the domain's source (tests aside), with where it is. */
function domainRegexes(folder = DOMAIN): Array<{ where: string; regex: RegExp }> {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return domainRegexes(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const found: Array<{ where: string; regex: RegExp }> = [];
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'RegExp') {
        found.push({ where: `${path.relative(DOMAIN, file)}: new RegExp(...) (not checkable: use a literal)`, regex: /(?:)/ });
      }
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const lastSlash = text.lastIndexOf('/');
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({
          where: `${path.relative(DOMAIN, file)}:${line} ${text}`,
          regex: new RegExp(text.slice(1, lastSlash), text.slice(lastSlash + 1)),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}

describe('the linearity rule', () => {
  it.each([
    [/^[^\s@]+@[^\s@]+\.[^\s@]+$/, true],
    [/^(a+)+$/, true],
    [/^\d+\d+$/, true],
    [/^(\w|\d)*x$/, true],
    [/^(?:a|b)*x$/, false],
    [/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, false],
    [/^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z-]+=[^;,]*)*;base64,([A-Za-z0-9+/]*={0,2})$/i, false],
  ])('refuses %s: %s', (regex, refused) => {
    expect(problemsOf(regex).length > 0).toBe(refused);
  });
});

describe('src/domain', () => {
  const regexes = domainRegexes();

  it('has its regular expressions found (the scan works)', () => {
    expect(regexes.length).toBeGreaterThanOrEqual(15);
    expect(regexes.map((entry) => entry.where)).toEqual(expect.arrayContaining([expect.stringContaining('validation/parameters.ts')]));
  });

  it('uses only regular expressions that run in linear time', () => {
    const refused = regexes.flatMap(({ where, regex }) => problemsOf(regex).map((problem) => `${where}: ${problem}`));
    expect(refused).toEqual([]);
  });
});
