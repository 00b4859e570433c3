import type { Queryable } from "../../infra/db";

export type Direction = "deposit" | "withdrawal";

export interface MethodOptionRecord {
  id: string | null;
  name: string;
  regex?: string | null;
  minAmount?: string | null;
  maxAmount?: string | null;
}

export interface MethodFieldRecord {
  key: string;
  labels: Record<string, string>;
  hints: Record<string, string>;
  isRequired: boolean;
  regexp: string | null;
  fieldType: "select" | "textarea" | "text";
  options: MethodOptionRecord[];
}

export interface MethodRecord {
  id: string;
  method: string;
  title: string;
  type: "form" | "address";
  processingType: "form" | "qr" | "iframe" | "message" | "asyncRedirect";
  processor: string;
  logo: string | null;
  currency: string;
  /** Minor units. */
  amountMin: bigint;
  amountMax: bigint;
  presets: { amount: bigint; default: boolean }[];
  fields: MethodFieldRecord[];
}

interface MethodRow {
  id: string;
  method: string;
  title: string;
  type: MethodRecord["type"];
  processing_type: MethodRecord["processingType"];
  processor: string;
  logo: string | null;
  currency: string;
  amount_min: string;
  amount_max: string;
  presets: { amount: string; default: boolean }[];
  fields: MethodFieldRecord[] | null;
}

export function paymentMethodsRepository(db: Queryable) {
  return {
    /**
     * Enabled methods of a direction for a currency, offered in `country` (methods limited to
     * some countries need a known country), by position.
     */
    async list(
      direction: Direction,
      currency: string,
      country: string | null,
    ): Promise<MethodRecord[]> {
      const rows = await db.query<MethodRow>(
        `SELECT m.id, m.method, m.title, m.type, m.processing_type, m.processor, m.logo,
                c.currency, c.amount_min, c.amount_max, c.presets,
                (SELECT jsonb_agg(jsonb_build_object(
                          'key', f.key, 'labels', f.labels, 'hints', f.hints,
                          'isRequired', f.is_required, 'regexp', f.regexp,
                          'fieldType', f.field_type, 'options', f.options)
                        ORDER BY f.position, f.key)
                   FROM payment_method_fields f WHERE f.method_id = m.id) AS fields
           FROM payment_methods m
           JOIN payment_method_currencies c ON c.method_id = m.id AND c.currency = $2
          WHERE m.is_enabled AND m.direction = $1
            AND (m.countries IS NULL OR $3::text = ANY (m.countries))
            AND ($3::text IS NULL OR NOT ($3::text = ANY (m.excluded_countries)))
          ORDER BY m.position, m.id`,
        [direction, currency, country],
      );
      return rows.map((row) => ({
        id: row.id,
        method: row.method,
        title: row.title,
        type: row.type,
        processingType: row.processing_type,
        processor: row.processor,
        logo: row.logo,
        currency: row.currency,
        amountMin: BigInt(row.amount_min),
        amountMax: BigInt(row.amount_max),
        presets: row.presets.map((preset) => ({
          amount: BigInt(preset.amount),
          default: preset.default === true,
        })),
        fields: row.fields ?? [],
      }));
    },
  };
}

export interface NewInvoice {
  type: 1 | 2;
  playerId: string;
  walletAccountId: string;
  method: MethodRecord;
  currency: string;
  amount: bigint;
  country: string | null;
  fields: Record<string, string>;
  bonusId?: string | null;
  isBonusDecline?: boolean;
  idempotencyKey: string | null;
  now: Date;
  /** Withdrawals: 'awaiting' when an operator must approve before the payout. */
  approval?: "none" | "awaiting";
  /** Where the processor sends the player back (kept for a retried submission). */
  successUrl?: string | null;
  errorUrl?: string | null;
}

/**
 * Inserts a pending invoice; null when the player already has one with this idempotency key
 * (the unique key makes concurrent retries create one invoice).
 */
export async function insertInvoice(
  db: Queryable,
  input: NewInvoice,
): Promise<{ id: string; number: string } | null> {
  const [row] = await db.query<{ id: string; number: string }>(
    `INSERT INTO payment_invoices (type, status, player_id, wallet_account_id, method_id, method,
       processor, processing_type, currency, amount, country, fields, bonus_id, is_bonus_decline,
       idempotency_key, created_at, updated_at, approval, success_url, error_url)
     VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $16, $17,
       $18)
     ON CONFLICT (player_id, idempotency_key) DO NOTHING
     RETURNING id, number`,
    [
      input.type,
      input.playerId,
      input.walletAccountId,
      input.method.id,
      input.method.method,
      input.method.processor,
      input.method.processingType,
      input.currency,
      input.amount.toString(),
      input.country,
      JSON.stringify(input.fields),
      input.bonusId ?? null,
      input.isBonusDecline ?? false,
      input.idempotencyKey,
      input.now,
      input.approval ?? "none",
      input.successUrl ?? null,
      input.errorUrl ?? null,
    ],
  );
  return row ?? null;
}
