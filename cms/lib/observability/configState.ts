/**
 * Whether this process checked its configuration at start (instrumentation.ts): /readyz says not
 * ready until it has. On globalThis: the instrumentation hook and the route handlers are bundled apart.
 */
const KEY = Symbol.for('mentorloop.configChecked')
const globals = globalThis as unknown as Record<symbol, boolean | undefined>

export const markConfigChecked = (): void => {
  globals[KEY] = true
}

export const configChecked = (): boolean => globals[KEY] === true
