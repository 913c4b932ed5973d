import { createContext, useContext } from 'react'

/** The per-request CSP nonce, from entry.server to the <Scripts> in root (Epic Stack's pattern). */
const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
