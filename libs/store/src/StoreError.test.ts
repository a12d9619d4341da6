import { Migrator } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { describeCause, storeErrors } from "./StoreError.js"

const driverError = new Error("UNIQUE constraint failed: sessions.id")

describe("StoreError", () => {
  it("describes a SqlError by the driver's reason, not by its own empty words", () => {
    expect(describeCause(new SqlError({ cause: driverError, message: "Failed to execute statement" }))).toBe(
      "UNIQUE constraint failed: sessions.id"
    )
  })

  it("keeps both the failed step and its reason for a wrapped failure", () => {
    const failed = new Migrator.MigrationError({
      reason: "failed",
      message: `Migration "1_initial" failed`,
      cause: new SqlError({ cause: new Error("table projects already exists") })
    })
    expect(describeCause(failed)).toBe(`Migration "1_initial" failed: table projects already exists`)
    expect(describeCause("plain")).toBe("plain")
  })

  it.effect("storeErrors turns a SqlError into a StoreError naming the operation", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Effect.fail(new SqlError({ cause: driverError })).pipe(storeErrors("Sessions.insert")))
      expect(error._tag).toBe("StoreError")
      expect(error.operation).toBe("Sessions.insert")
      expect(error.message).toBe("Sessions.insert failed: UNIQUE constraint failed: sessions.id")
    })
  )

  it.effect("storeErrors lets every other error through untouched", () =>
    Effect.gen(function* () {
      const other = new Error("not sql")
      const error = yield* Effect.flip(Effect.fail(other).pipe(storeErrors("Sessions.insert")))
      expect(error).toBe(other)
    })
  )
})
