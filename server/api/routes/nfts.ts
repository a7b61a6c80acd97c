/** GET /v1/account/{address}/nfts: the tokens an account holds in the configured collections. */
import { Hono } from 'hono'
import { getAddress } from 'viem'
import type { ApiContext } from '../apiContext.js'
import { parseInput, readQuery } from '../parseInput.js'
import { chainOptional, evmAddress } from '../schemaParts.js'

export function nftRoutes({ reader, chains }: ApiContext): Hono {
  const routes = new Hono()
  routes.get('/v1/account/:address/nfts', async (c) => {
    // Solana NFTs are not read: a Solana owner holds none here.
    if (chains.solanaOwner(c.req.param('address'), c.req.query('chainId'))) {
      readQuery(c, chainOptional, 'GET /v1/account/{address}/nfts')
      return c.json({ data: [], count: 0 })
    }
    const owner = getAddress(parseInput(evmAddress, c.req.param('address'), 'address'))
    const q = readQuery(c, chainOptional, 'GET /v1/account/{address}/nfts')
    const data = []
    for (const chainId of chains.chainsOf(q.chainId)) {
      for (const nft of await reader.nfts(chainId, owner)) {
        data.push({
          chainId: `eip155:${chainId}`,
          contract: `eip155:${chainId}:${nft.collection.address}`,
          tokenId: nft.tokenId.toString(),
          name: nft.name,
          description: nft.description,
          imageUrl: nft.image,
          collection: { name: nft.collection.name, symbol: nft.collection.symbol },
        })
      }
    }
    return c.json({ data, count: data.length })
  })
  return routes
}
