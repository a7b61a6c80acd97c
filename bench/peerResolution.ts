import type { Plugin } from 'esbuild'
import { appsDir, peersDir } from './paths'

/**
 * Makes a peer app's bare imports (react, wagmi, @reown/appkit...) resolve from
 * bench/peers/node_modules. Without it they would walk up from bench/apps to the root
 * node_modules and pick our React and viem, mixing two installs in one bundle. Imports
 * made inside bench/peers/node_modules resolve there naturally.
 */
export function peerResolution(): Plugin {
  return {
    name: 'peer-resolution',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData?.fromPeers || !args.importer.startsWith(`${appsDir}/`)) return undefined
        return build.resolve(args.path, {
          kind: args.kind,
          resolveDir: peersDir,
          importer: args.importer,
          pluginData: { fromPeers: true },
        })
      })
    },
  }
}
