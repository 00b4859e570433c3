// `npm run chain:send -- --network bitcoin --address bc1q… --amount 0.001 [--tag 7]
//   [--currency BTC] [--confirmations 2] [--url http://127.0.0.1:3000]`
// "Sends" an on-chain transfer on the sandbox chain of a RUNNING server (SANDBOX_CHAIN on),
// optionally mining blocks at once, and prints what the platform's watcher made of it. Also:
// `--mine N` adds N blocks to a network, `--drop <txid>` reorganises a transfer away.
//
// It talks to the server over HTTP (/sandbox/chain/...) rather than to the database: the sandbox
// chain lives in the server, the watcher runs there, and the embedded PGlite database can be
// opened by one process at a time.
import { parseArgs } from "node:util";

const USAGE = `usage:
  npm run chain:send -- --network <bitcoin|erc20|xrp> --address <address> --amount <coins>
                        [--tag <n>] [--currency <code>] [--confirmations <blocks>] [--url <server>]
  npm run chain:send -- --network <id> --mine <blocks> [--url <server>]
  npm run chain:send -- --network <id> --drop <txid> [--vout <n>] [--url <server>]
The server defaults to PUBLIC_URL, else http://127.0.0.1:$PORT (3000).`;

interface Transfer {
  network: string;
  txid: string;
  vout: number;
  currency: string;
  address: string;
  tag: string | null;
  amount: string;
  confirmations: number;
  dropped: boolean;
  requiredConfirmations: number;
  platformStatus: string | null;
  platformReason: string | null;
}

async function call(url: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new Error(
      `No server at ${new URL(url).origin} (${(error as Error).message}); start it with npm run dev`,
    );
  }
  const text = await response.text();
  if (response.status === 404 && !text.includes('"error"')) {
    throw new Error("The sandbox chain is off on that server (SANDBOX_CHAIN=true turns it on)");
  }
  const json = text ? (JSON.parse(text) as { data?: unknown; error?: unknown }) : {};
  if (!response.ok) {
    const error = json.error as { message?: string; fields?: Record<string, string[]> } | undefined;
    const fields = Object.entries(error?.fields ?? {})
      .map(([field, messages]) => `\n  ${field}: ${messages.join(", ")}`)
      .join("");
    throw new Error(`${response.status} ${error?.message ?? text}${fields}`);
  }
  return json.data;
}

function describe(transfer: Transfer): string {
  const platform = transfer.platformStatus
    ? `${transfer.platformStatus}${transfer.platformReason ? ` (${transfer.platformReason})` : ""}`
    : "not seen yet";
  return [
    `txid          ${transfer.txid}:${transfer.vout}`,
    `to            ${transfer.address}${transfer.tag ? ` tag ${transfer.tag}` : ""} on ${transfer.network}`,
    `amount        ${transfer.amount} ${transfer.currency}`,
    `confirmations ${transfer.dropped ? "dropped" : transfer.confirmations} (credited at ${transfer.requiredConfirmations})`,
    `platform      ${platform}`,
  ].join("\n");
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      network: { type: "string" },
      address: { type: "string" },
      amount: { type: "string" },
      tag: { type: "string" },
      currency: { type: "string" },
      confirmations: { type: "string" },
      mine: { type: "string" },
      drop: { type: "string" },
      vout: { type: "string" },
      url: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  });
  if (values.help || !values.network) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const base = (
    values.url ??
    process.env.PUBLIC_URL ??
    `http://127.0.0.1:${process.env.PORT ?? "3000"}`
  ).replace(/\/$/, "");

  if (values.mine !== undefined) {
    const data = (await call(`${base}/sandbox/chain/mine`, {
      network: values.network,
      blocks: values.mine,
    })) as { height: number };
    console.log(`${values.network}: height ${data.height}`);
    return 0;
  }
  if (values.drop !== undefined) {
    const transfer = (await call(`${base}/sandbox/chain/drop`, {
      network: values.network,
      txid: values.drop,
      vout: values.vout ?? "0",
    })) as Transfer;
    console.log(describe(transfer));
    return 0;
  }
  if (!values.address || !values.amount) {
    console.error(USAGE);
    return 2;
  }
  const transfer = (await call(`${base}/sandbox/chain/transfers`, {
    network: values.network,
    address: values.address,
    amount: values.amount,
    ...(values.tag ? { tag: values.tag } : {}),
    ...(values.currency ? { currency: values.currency } : {}),
    ...(values.confirmations ? { confirmations: values.confirmations } : {}),
  })) as Transfer;
  console.log(describe(transfer));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
