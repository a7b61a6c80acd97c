import { loadLocale } from 'latchkit'
import { useKernel, useLocaleTag } from 'latchkit/react'
import { type ReactElement, useEffect, useState } from 'react'
import { languageNames, localeLoaders, savedLanguage, saveLanguage } from './demoLocales'

/**
 * A language select for the widget: English, every shipped locale, or Browser, which picks
 * the best match of the browser's languages (pickLocale). The chosen locale loads on
 * demand and replaces the kernel's at once (i18n.setLocale); Arabic lays the modal out
 * right to left. The page around the widget stays English.
 *
 * @example <LanguageCard />
 */
export function LanguageCard(): ReactElement {
  const kernel = useKernel()
  const shown = useLocaleTag()
  const [choice, setChoice] = useState(savedLanguage)

  useEffect(() => {
    let current = true
    const preferred = choice === 'browser' ? undefined : [choice]
    loadLocale(localeLoaders, preferred)
      .then((locale) => {
        // A later choice may have finished first; only the latest applies.
        if (current) kernel.i18n.setLocale(locale ?? {})
      })
      .catch((error: unknown) => console.error('could not load the language', error))
    return () => {
      current = false
    }
  }, [choice, kernel])

  return (
    <section className="card" aria-labelledby="language-heading">
      <h2 id="language-heading">Language</h2>
      <p className="muted">
        The widget in another language: numbers and dates follow it, and Arabic is laid out right to left.
        Browser picks the best match of your browser's languages (now: {languageNames[shown] ?? shown}).
      </p>
      <div className="card-actions">
        <label>
          Language{' '}
          <select
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value)
              saveLanguage(event.target.value)
            }}
            data-testid="language"
          >
            <option value="browser">Browser</option>
            {Object.entries(languageNames).map(([tag, name]) => (
              <option key={tag} value={tag}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  )
}
