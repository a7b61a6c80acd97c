/**
 * Real wallets for the fixture registry: their names, the reverse-DNS ids their browser
 * extensions announce (EIP-6963), the custom scheme of their mobile apps and their home
 * pages. Only these facts are taken, no code and no logos (the registry draws its own
 * monograms).
 *
 * Source: RainbowKit's wallet connectors
 * (https://github.com/rainbow-me/rainbowkit, packages/rainbowkit/src/wallets/walletConnectors),
 * MIT License, Copyright (c) 2024 Rainbow.
 */

export interface RealWallet {
  name: string
  /** The rdns the extension announces, when it has one. */
  rdns?: string
  /** The scheme that opens the mobile app, e.g. `rainbow://`. */
  mobile_link?: string
  /** The wallet's home or download page. */
  homepage?: string
  /** Also a Solana wallet. */
  solana?: boolean
}

export const realWallets: readonly RealWallet[] = [
  { name: 'MetaMask', rdns: 'io.metamask', homepage: 'https://metamask.io/download' },
  { name: 'Rainbow', rdns: 'me.rainbow', mobile_link: 'rainbow://', homepage: 'https://rainbow.download' },
  {
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    homepage: 'https://coinbase.com/wallet',
  },
  { name: 'Rabby Wallet', rdns: 'io.rabby', homepage: 'https://rabby.io' },
  {
    name: 'Phantom',
    rdns: 'app.phantom',
    homepage: 'https://phantom.app/download',
    solana: true,
  },
  { name: 'Brave Wallet', rdns: 'com.brave.wallet' },
  {
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    mobile_link: 'trust://',
    homepage: 'https://trustwallet.com',
    solana: true,
  },
  { name: 'OKX Wallet', rdns: 'com.okex.wallet', homepage: 'https://okx.com/download' },
  {
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    mobile_link: 'zerion://',
    homepage: 'https://zerion.io/extension',
  },
  { name: 'Ledger', mobile_link: 'ledgerlive://', homepage: 'https://www.ledger.com/ledger-live' },
  { name: 'Uniswap Wallet', mobile_link: 'uniswap://', homepage: 'https://wallet.uniswap.org' },
  { name: 'Frame', rdns: 'sh.frame', homepage: 'https://frame.sh' },
  { name: 'Enkrypt Wallet', rdns: 'com.enkrypt', homepage: 'https://www.enkrypt.com' },
  { name: 'Core', rdns: 'app.core.extension', homepage: 'https://core.app' },
  {
    name: 'Bitget Wallet',
    rdns: 'com.bitget.web3',
    homepage: 'https://web3.bitget.com/en/wallet-download',
  },
  { name: 'imToken', mobile_link: 'imtokenv2://', homepage: 'https://token.im/download' },
  { name: 'OneKey', rdns: 'so.onekey.app.wallet', homepage: 'https://www.onekey.so/download' },
  { name: 'Taho', homepage: 'https://taho.xyz' },
  { name: 'Talisman', rdns: 'xyz.talisman', homepage: 'https://talisman.xyz/download' },
  {
    name: 'SubWallet',
    rdns: 'app.subwallet',
    mobile_link: 'subwallet://',
    homepage: 'https://www.subwallet.app/download',
  },
  { name: 'Kraken Wallet', mobile_link: 'krakenwallet://', homepage: 'https://kraken.com/wallet' },
  {
    name: 'Magic Eden Wallet',
    rdns: 'io.magiceden.wallet',
    homepage: 'https://wallet.magiceden.io',
    solana: true,
  },
  {
    name: 'Backpack',
    rdns: 'app.backpack.mobile',
    homepage: 'https://backpack.app/download',
    solana: true,
  },
  { name: 'MEW wallet', homepage: 'https://mewwallet.com' },
  { name: 'FoxWallet', mobile_link: 'foxwallet://', homepage: 'https://foxwallet.com/download' },
  {
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    mobile_link: 'tpoutside://',
    homepage: 'https://tokenpocket.pro/en/download/app',
  },
  { name: 'SafePal Wallet', mobile_link: 'safepalwallet://', homepage: 'https://www.safepal.com/download' },
  { name: 'Bybit Wallet', rdns: 'com.bybit', homepage: 'https://www.bybit.com/en/web3' },
  {
    name: 'Binance Wallet',
    rdns: 'com.binance.wallet',
    homepage: 'https://www.binance.com/en/web3wallet',
  },
  { name: 'Safe' },
]
