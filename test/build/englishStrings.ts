/// <reference types="vite/client" />
// Every English strings object the widget registers, found by file name so a plugin that
// adds a strings file or a key is covered without this list changing: the buttons and
// core views (src/react), the error messages, and each plugin's strings.ts and
// viewStrings.ts. A strings object is an export named `...Strings` whose values are text.
const modules = import.meta.glob(
  [
    '../../src/react/strings.ts',
    '../../src/react/modalStrings.ts',
    '../../src/react/coreStrings.ts',
    '../../src/react/errorStrings.ts',
    '../../src/react/views/**/*Strings.ts',
    '../../plugins/*/strings.ts',
    '../../plugins/*/**/viewStrings.ts',
  ],
  { eager: true },
)

/** One English strings object: where it comes from and its strings by key. */
export interface EnglishStrings {
  source: string
  strings: Record<string, string>
}

function isStrings(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).length > 0 &&
    Object.values(value).every((text) => typeof text === 'string')
  )
}

/** Every English strings object, named `file: export`. */
export const englishObjects: EnglishStrings[] = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module as Record<string, unknown>)
    .filter(([name, value]) => name.endsWith('Strings') && isStrings(value))
    .map(([name, value]) => ({
      source: `${file.replace('../../', '')}: ${name}`,
      strings: value as Record<string, string>,
    })),
)

/** All English strings by key: what every locale translates. */
export const englishStrings: Record<string, string> = Object.assign(
  {},
  ...englishObjects.map((o) => o.strings),
)
