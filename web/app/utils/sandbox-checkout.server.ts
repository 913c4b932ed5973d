/**
 * The sandbox's stand-in for checkout.js, served at /resources/checkout.js when Razorpay keys are
 * not configured. Same contract as Razorpay's script: `new Razorpay(options)`, `.on('payment.failed',
 * cb)`, `.open()`, `options.handler(response)` on success, `options.modal.ondismiss()` on close.
 * Paying asks the CMS (through /resources/sandbox-checkout) to play Razorpay: it signs the result
 * with the sandbox key secret exactly as Razorpay signs it, so the real verification runs.
 * A failed attempt fires `payment.failed` and keeps the dialog open, like checkout.js.
 * An accessible modal dialog (focus trap, Escape closes).
 *
 * `installSandboxCheckout` runs in the browser, not here: it is served as its own source text,
 * `(function installSandboxCheckout(endpoint) {...})("/resources/sandbox-checkout")`. So it must be
 * self-contained: nothing from outside its body but browser globals and erased types (the test
 * beside it runs the served text in an empty context to prove it).
 */
export const SANDBOX_CHECKOUT_ENDPOINT = '/resources/sandbox-checkout'

/** The options checkout.js takes that the sandbox uses (see `openCheckout` in checkout.client.ts). */
type SandboxOptions = {
  key?: string
  order_id?: string
  amount: number
  currency?: string
  name?: string
  description?: string
  handler?: (response: Record<string, unknown>) => void
  modal?: { ondismiss?: () => void }
}

type Failure = { code?: string; description?: unknown; reason?: string; metadata?: Record<string, unknown> }
type Listener = (payload: { error: Failure }) => void

export function installSandboxCheckout(endpoint: string): void {
  if (window.Razorpay) return

  function el(tag: string, attrs: Record<string, string>, text?: string): HTMLElement {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value)
    if (text) node.textContent = text
    return node
  }

  function money(paise: number, currency?: string): string {
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100)
    } catch {
      return `${(paise / 100).toFixed(2)} ${currency || 'INR'}`
    }
  }

  /** A parsed JSON body as an object whose fields may be read, or null. */
  function record(value: unknown): Record<string, unknown> | null {
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  }

  class SandboxCheckout {
    options: SandboxOptions
    listeners: Record<string, Listener[]> = {}
    root: HTMLElement | null = null
    returnFocus: Element | null = null
    onKey: ((e: KeyboardEvent) => void) | null = null

    constructor(options: SandboxOptions) {
      if (!options?.key || !options.order_id) throw new Error('Razorpay: key and order_id are required')
      this.options = options
    }

    on(event: string, cb: Listener): this {
      this.listeners[event] ??= []
      this.listeners[event].push(cb)
      return this
    }

    emit(event: string, payload: { error: Failure }): void {
      for (const cb of this.listeners[event] ?? []) {
        try {
          cb(payload)
        } catch (e) {
          // A listener's error must not break the dialog; report it as uncaught, like checkout.js.
          setTimeout(() => {
            throw e
          })
        }
      }
    }

    close(): void {
      if (!this.root) return
      if (this.onKey) document.removeEventListener('keydown', this.onKey, true)
      this.root.remove()
      this.root = null
      const back = this.returnFocus
      if (back && 'focus' in back && typeof back.focus === 'function') back.focus()
    }

    open(): void {
      const o = this.options
      if (this.root) return
      this.returnFocus = document.activeElement
      const root = el('div', {
        'data-sandbox-checkout': '',
        style:
          'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;padding:16px',
      })
      const box = el('div', {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'sbx-title',
        'aria-describedby': 'sbx-desc',
        style:
          'background:#fff;color:#0f172a;border-radius:16px;max-width:380px;width:100%;padding:24px;font-family:system-ui,sans-serif;box-shadow:0 20px 40px rgba(0,0,0,.3);position:relative',
      })
      const title = el('h2', { id: 'sbx-title', style: 'margin:0 0 4px;font-size:20px' }, `${o.name || 'Checkout'} · Sandbox payment`)
      const desc = el(
        'p',
        { id: 'sbx-desc', style: 'margin:0 0 16px;color:#334155' },
        `${o.description ? `${o.description}. ` : ''}You pay ${money(o.amount, o.currency)}. Test mode: no real money moves.`,
      )
      const status = el('p', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.5em;margin:0 0 12px;color:#b91c1c' })
      const button = (style: string, text: string, attrs: Record<string, string> = {}) =>
        el('button', { type: 'button', ...attrs, style }, text) as HTMLButtonElement
      const pay = button(
        'display:block;width:100%;padding:10px;border-radius:8px;border:0;background:#1d4ed8;color:#fff;font-weight:600;margin-bottom:8px;cursor:pointer',
        `Pay ${money(o.amount, o.currency)}`,
      )
      const fail = button(
        'display:block;width:100%;padding:10px;border-radius:8px;border:1px solid #b91c1c;background:#fff;color:#b91c1c;font-weight:600;margin-bottom:8px;cursor:pointer',
        'Simulate a failed payment',
      )
      const cancel = button(
        'display:block;width:100%;padding:10px;border-radius:8px;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer',
        'Cancel',
      )
      const x = button(
        'position:absolute;top:8px;right:8px;border:0;background:none;font-size:22px;line-height:1;padding:6px;cursor:pointer;color:#334155',
        '×',
        { 'aria-label': 'Close checkout' },
      )
      box.append(title, desc, status, pay, fail, cancel, x)
      root.appendChild(box)
      document.body.appendChild(root)
      this.root = root

      let busy = false
      const setBusy = (on: boolean) => {
        busy = on
        pay.disabled = on
        fail.disabled = on
      }
      const dismiss = () => {
        if (busy) return
        this.close()
        if (typeof o.modal?.ondismiss === 'function') o.modal.ondismiss()
      }
      const failed = (message: string, error: Failure) => {
        status.style.color = '#b91c1c'
        status.textContent = message
        this.emit('payment.failed', { error })
      }
      const attempt = async (outcome: 'success' | 'failure') => {
        if (busy) return
        setBusy(true)
        status.style.color = '#334155'
        status.textContent = 'Processing…'
        try {
          const res = await fetch(endpoint, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
            body: JSON.stringify({ orderId: o.order_id, outcome }),
          })
          const body = record(await res.json().catch(() => ({})))
          setBusy(false)
          if (res.ok && body?.razorpay_signature) {
            this.close()
            if (typeof o.handler === 'function') o.handler(body)
            return
          }
          const error: Failure = record(body?.error) ?? {
            code: 'GATEWAY_ERROR',
            description: body?.error || 'The payment could not be completed.',
            reason: 'payment_failed',
            metadata: { order_id: o.order_id },
          }
          failed(`Payment failed: ${error.description} You can try again or cancel.`, error)
        } catch {
          setBusy(false)
          failed('Network error. Please try again.', {
            code: 'NETWORK_ERROR',
            description: 'Network error',
            reason: 'network_error',
            metadata: { order_id: o.order_id },
          })
        }
      }
      pay.addEventListener('click', () => attempt('success'))
      fail.addEventListener('click', () => attempt('failure'))
      cancel.addEventListener('click', dismiss)
      x.addEventListener('click', dismiss)
      this.onKey = (e: KeyboardEvent) => {
        if (!this.root) return
        if (e.key === 'Escape') {
          e.preventDefault()
          e.stopPropagation()
          dismiss()
          return
        }
        if (e.key === 'Tab') {
          const f = [pay, fail, cancel, x].filter((b) => !b.disabled)
          const i = f.indexOf(document.activeElement as HTMLButtonElement)
          if (e.shiftKey && i <= 0) {
            e.preventDefault()
            f[f.length - 1]?.focus()
          } else if (!e.shiftKey && (i === -1 || i === f.length - 1)) {
            e.preventDefault()
            f[0]?.focus()
          }
        }
      }
      document.addEventListener('keydown', this.onKey, true)
      pay.focus()
    }
  }

  // checkout.js's Razorpay may be called with or without `new`; both give a SandboxCheckout.
  function Razorpay(options: SandboxOptions): SandboxCheckout {
    return new SandboxCheckout(options)
  }
  Razorpay.prototype = SandboxCheckout.prototype
  window.Razorpay = Razorpay as unknown as NonNullable<Window['Razorpay']>
}

export const SANDBOX_CHECKOUT_JS = `'use strict';\n(${installSandboxCheckout.toString()})(${JSON.stringify(SANDBOX_CHECKOUT_ENDPOINT)});\n`
