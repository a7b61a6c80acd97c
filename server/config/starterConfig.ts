/**
 * What `latchkit-server init` writes: a config that starts as it is (the API for a local
 * node), with every service it can add written out in comments, ready to be switched on.
 */

/** The starter `latchkit.config.json` (JSON with comments, which the loader reads). */
export const STARTER_CONFIG = `// latchkit-server's config. Start it with: npx latchkit-server --config latchkit.config.json
// Every field is described in the package's docs/server-config.md. Secrets never belong
// in this file: write { "env": "NAME" } and set NAME in the server's environment.
{
  // Where it listens; PORT in the environment when "port" is left out.
  "port": 8787,
  // This machine only; "0.0.0.0" in a container or behind a load balancer on another host.
  "host": "127.0.0.1",

  // The EVM chains the API answers for. The RPC URL stays on the server: the widget reaches
  // the chain through the API's gateway. A URL that holds a key: { "env": "RPC_URL_1" }.
  "chains": [
    {
      "chainId": 1,
      "name": "Ethereum",
      "rpcUrl": "http://127.0.0.1:8545"
      // The tokens it reports balances of, and that swaps and the on-ramp offer:
      // "tokens": [{ "address": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "name": "USD Coin", "symbol": "USDC", "decimals": 6 }]
    }
  ],

  // The origins of the pages that run the widget: browsers there may call the API (CORS).
  "corsOrigins": ["http://localhost:5173"],
  // The origins allowed to embed the widget under your project ([]: any).
  "allowedOrigins": [],

  // Sign-in with Ethereum for the app at these origins, sessions in the database below.
  // "siweOrigins": ["http://localhost:5173"],

  // Where state is kept (sign-in, names, analytics, relay, frame). Left out: PGlite in a
  // temporary directory, gone on stop. { "dataDir": "./latchkit-data" } keeps PGlite's files;
  // { "url": { "env": "DATABASE_URL" } } uses a PostgreSQL server, for several instances.
  // "database": { "dataDir": "./latchkit-data" },

  // Swaps through each chain's Uniswap V2 Router02 and its WETH; the tokens are the chain's.
  // "swap": { "chains": { "eip155:1": { "router": "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D", "weth": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2" } } },

  // USD prices (balances' value, the on-ramp's quotes), fixed here; a .ts config can pass a
  // PriceSource that reads a feed instead.
  // "prices": { "eip155:1": { "native": 3000, "tokens": { "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48": 1 } } },

  // On-ramp providers: the checkout page the widget opens, and where their purchases are read.
  // "onramp": { "providers": [{ "id": "acme", "name": "Acme Ramp", "feePercent": 1.5, "networkFee": 0.99,
  //   "checkoutUrl": "https://pay.acme.example/buy?wallet={address}&asset={asset}&amount={fiatAmount}",
  //   "purchasesUrl": "https://api.acme.example/latchkit/purchases", "purchasesToken": { "env": "ACME_TOKEN" } }] },

  // Names from an ENS deployment on one of the chains, new ones registered under your zones
  // by the key that owns them.
  // "names": { "ens": { "chainId": 1, "registry": "0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e",
  //   "publicResolver": "0x231b0Ee14048e9dCcD1d247744d114a4EB5E8E63", "universalResolver": "0xeeeeeeee14d718c2b47d9923deab1335e144eeee" },
  //   "zones": ["names.example"], "operatorKey": { "env": "LATCHKIT_NAMES_OPERATOR_KEY" } },

  // The analytics plugin's events, and who may read their funnel.
  // "analytics": true, "analyticsFunnelAccess": { "token": { "env": "LATCHKIT_ANALYTICS_TOKEN" } },

  // A WalletConnect relay on this port (/relay); behind TLS, the URL clients reach.
  // "relay": { "publicUrl": "wss://api.example/relay" },

  // History (the Activity tab): the server runs the EVM indexer (Ponder, installed beside
  // it: npm install ponder@0.16.10) over the chains above, and follows "solana" if given.
  // Until an index has caught up, history answers 503 with how far it is. The index lives
  // in "database" above (PGlite in a temporary directory without one), or its own:
  // "history": { "evm": { "database": { "url": { "env": "INDEX_DATABASE_URL" } } } },
  // An EVM indexer run elsewhere instead: "history": { "evm": { "indexerUrl": "http://127.0.0.1:42069" } },

  // The embedded wallet's frame service, on a port (an origin) of its own.
  // "frame": { "port": 8794, "projects": { "my-app": { "allowedOrigins": ["http://localhost:5173"] } },
  //   "smtp": { "url": { "env": "LATCHKIT_FRAME_SMTP_URL" }, "from": "My App <login@app.example>" },
  //   "shareKey": { "env": "LATCHKIT_FRAME_SHARE_KEY" } },

  // Who may read the counters on /metrics: "open", "closed", or { "token": { "env": "LATCHKIT_METRICS_TOKEN" } }.
  "metrics": "open"
}
`
