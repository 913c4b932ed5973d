/**
 * The sandbox's stand-in for checkout.js, served at /resources/checkout.js when Razorpay keys are
 * not configured. Same contract as Razorpay's script: `new Razorpay(options)`, `.on('payment.failed',
 * cb)`, `.open()`, `options.handler(response)` on success, `options.modal.ondismiss()` on close.
 * Paying asks the CMS (through /resources/sandbox-checkout) to play Razorpay: it signs the result
 * with the sandbox key secret exactly as Razorpay signs it, so the real verification runs.
 * A failed attempt fires `payment.failed` and keeps the dialog open, like checkout.js.
 * Plain ES2017, no dependencies; an accessible modal dialog (focus trap, Escape closes).
 */
export const SANDBOX_CHECKOUT_JS = `(function () {
  'use strict';
  if (window.Razorpay) return;
  var ENDPOINT = '/resources/sandbox-checkout';

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  function money(paise, currency) {
    try { return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(paise / 100); }
    catch (e) { return (paise / 100).toFixed(2) + ' ' + (currency || 'INR'); }
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key || !options.order_id) throw new Error('Razorpay: key and order_id are required');
    this.options = options;
    this.listeners = {};
  }
  Razorpay.prototype.on = function (event, cb) {
    (this.listeners[event] = this.listeners[event] || []).push(cb);
    return this;
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (cb) { try { cb(payload); } catch (e) { setTimeout(function () { throw e; }); } });
  };
  Razorpay.prototype.close = function () {
    if (!this.root) return;
    document.removeEventListener('keydown', this.onKey, true);
    this.root.remove();
    this.root = null;
    if (this.returnFocus && this.returnFocus.focus) this.returnFocus.focus();
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options;
    if (this.root) return;
    this.returnFocus = document.activeElement;
    var root = el('div', { 'data-sandbox-checkout': '', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.6);display:flex;align-items:center;justify-content:center;padding:16px' });
    var box = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'sbx-title', 'aria-describedby': 'sbx-desc', style: 'background:#fff;color:#0f172a;border-radius:16px;max-width:380px;width:100%;padding:24px;font-family:system-ui,sans-serif;box-shadow:0 20px 40px rgba(0,0,0,.3);position:relative' });
    var title = el('h2', { id: 'sbx-title', style: 'margin:0 0 4px;font-size:20px' }, (o.name || 'Checkout') + ' · Sandbox payment');
    var desc = el('p', { id: 'sbx-desc', style: 'margin:0 0 16px;color:#334155' }, (o.description ? o.description + ': ' : '') + money(o.amount, o.currency) + '. Test mode: no real money moves.');
    var status = el('p', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.5em;margin:0 0 12px;color:#b91c1c' });
    var pay = el('button', { type: 'button', style: 'display:block;width:100%;padding:10px;border-radius:8px;border:0;background:#1d4ed8;color:#fff;font-weight:600;margin-bottom:8px;cursor:pointer' }, 'Pay ' + money(o.amount, o.currency));
    var fail = el('button', { type: 'button', style: 'display:block;width:100%;padding:10px;border-radius:8px;border:1px solid #b91c1c;background:#fff;color:#b91c1c;font-weight:600;margin-bottom:8px;cursor:pointer' }, 'Simulate a failed payment');
    var cancel = el('button', { type: 'button', style: 'display:block;width:100%;padding:10px;border-radius:8px;border:1px solid #cbd5e1;background:#fff;color:#0f172a;cursor:pointer' }, 'Cancel');
    var x = el('button', { type: 'button', 'aria-label': 'Close checkout', style: 'position:absolute;top:8px;right:8px;border:0;background:none;font-size:22px;line-height:1;padding:6px;cursor:pointer;color:#334155' }, '×');
    [title, desc, status, pay, fail, cancel, x].forEach(function (n) { box.appendChild(n); });
    root.appendChild(box);
    document.body.appendChild(root);
    this.root = root;

    var busy = false;
    function setBusy(on) { busy = on; pay.disabled = on; fail.disabled = on; }
    function dismiss() {
      if (busy) return;
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    }
    function attempt(outcome) {
      if (busy) return;
      setBusy(true);
      status.style.color = '#334155';
      status.textContent = 'Processing…';
      fetch(ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ orderId: o.order_id, outcome: outcome })
      }).then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (body) { return { ok: res.ok, body: body }; });
      }).then(function (r) {
        setBusy(false);
        if (r.ok && r.body && r.body.razorpay_signature) {
          self.close();
          if (typeof o.handler === 'function') o.handler(r.body);
          return;
        }
        var error = (r.body && r.body.error && typeof r.body.error === 'object') ? r.body.error
          : { code: 'GATEWAY_ERROR', description: (r.body && r.body.error) || 'The payment could not be completed.', reason: 'payment_failed', metadata: { order_id: o.order_id } };
        status.style.color = '#b91c1c';
        status.textContent = 'Payment failed: ' + error.description + ' You can try again or cancel.';
        self.emit('payment.failed', { error: error });
      }).catch(function () {
        setBusy(false);
        status.style.color = '#b91c1c';
        status.textContent = 'Network error. Please try again.';
        self.emit('payment.failed', { error: { code: 'NETWORK_ERROR', description: 'Network error', reason: 'network_error', metadata: { order_id: o.order_id } } });
      });
    }
    pay.addEventListener('click', function () { attempt('success'); });
    fail.addEventListener('click', function () { attempt('failure'); });
    cancel.addEventListener('click', dismiss);
    x.addEventListener('click', dismiss);
    this.onKey = function (e) {
      if (!self.root) return;
      if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); dismiss(); return; }
      if (e.key === 'Tab') {
        var f = [pay, fail, cancel, x].filter(function (b) { return !b.disabled; });
        var i = f.indexOf(document.activeElement);
        if (e.shiftKey && (i <= 0)) { e.preventDefault(); f[f.length - 1].focus(); }
        else if (!e.shiftKey && (i === -1 || i === f.length - 1)) { e.preventDefault(); f[0].focus(); }
      }
    };
    document.addEventListener('keydown', this.onKey, true);
    pay.focus();
  };
  window.Razorpay = Razorpay;
})();
`
