import { parseAbi } from 'viem'

/** The ENS registry functions the names service and the devstack call (ENSRegistry of `@ensdomains/ens` 0.6). */
export const ensRegistryAbi = parseAbi([
  'function owner(bytes32 node) view returns (address)',
  'function resolver(bytes32 node) view returns (address)',
  'function setSubnodeRecord(bytes32 node, bytes32 label, address owner, address resolver, uint64 ttl)',
  'function setOwner(bytes32 node, address owner)',
])

/** The public resolver functions the names service and the devstack call (PublicResolver of `@ensdomains/resolver` 0.3). */
export const publicResolverAbi = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function setAddr(bytes32 node, address a)',
  'function setAddr(bytes32 node, uint256 coinType, bytes a)',
  'function text(bytes32 node, string key) view returns (string)',
  'function setText(bytes32 node, string key, string value)',
  'function name(bytes32 node) view returns (string)',
  'function multicall(bytes[] data) returns (bytes[])',
])
