/**
 * What a turn cost at API prices, from `@pydantic/genai-prices` — a maintained catalogue of
 * Anthropic and OpenAI prices (cache reads, 5-minute and 1-hour cache writes, long-context tiers)
 * bundled in the package and read offline. Pinned to an exact version: a price update reaches users
 * with the lich release that bumps it, never by fetching at run time (lich sends nothing off the
 * machine). A model the pinned catalogue does not know is unpriced — never guessed from a sibling.
 */
import { calcPrice } from "@pydantic/genai-prices"

export type PriceProvider = "anthropic" | "openai"

/** Token counts of one turn. `input` is every input token, cached ones included. */
export interface Tokens {
  readonly input: number
  readonly cacheRead: number
  /** Cache writes of any lifetime, the 1-hour ones included. */
  readonly cacheWrite: number
  readonly cacheWrite1h: number
  readonly output: number
}

/** Prices one turn: USD, or undefined when the catalogue has no price for the model. */
export type Pricer = (provider: PriceProvider, model: string, tokens: Tokens) => number | undefined

export const catalogue: Pricer = (provider, model, t) => {
  if (model === "") return undefined
  try {
    const r = calcPrice(
      {
        input_tokens: t.input,
        cache_read_tokens: t.cacheRead,
        cache_write_tokens: t.cacheWrite,
        cache_write_1h_tokens: t.cacheWrite1h,
        output_tokens: t.output
      },
      model,
      { providerId: provider }
    )
    return r === null || !Number.isFinite(r.total_price) ? undefined : r.total_price
  } catch {
    // Usage the catalogue refuses (cache counts above the input) is not a price either.
    return undefined
  }
}
