// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IEnsRegistry {
    function resolver(bytes32 node) external view returns (address);
}

/// @title UniversalResolver
/// @notice The two calls viem 2.x makes to ENS's universal resolver, over the devstack's own
/// ENS registry: `resolveWithGateways` (getEnsAddress, getEnsText, getEnsAvatar) and
/// `reverseWithGateways` (getEnsName). ENS's universal resolver is not published on npm, so
/// the local chains carry this small one; its errors have the names and arguments viem
/// decodes, so a name without records comes back as null, as on mainnet.
/// @dev No CCIP-read (EIP-3668): every resolver on the local chains answers on chain, so the
/// `gateways` argument is accepted and ignored. Reverse records live in the default
/// namespace only: the reverse name is `<hex address>.addr.reverse` whatever the coin type
/// (60, or an EVM chain's 0x80000000 | chainId), where mainnet would look under the coin
/// type's own namespace first.
contract UniversalResolver {
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error EmptyAddress();
    error ResolverError(bytes errorData);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverNotFound(bytes name);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    /// @dev ENSIP-10's IExtendedResolver: `resolve(bytes name, bytes data)`.
    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923;
    uint256 private constant COIN_TYPE_ETH = 60;

    IEnsRegistry public immutable registry;

    constructor(IEnsRegistry registry_) {
        registry = registry_;
    }

    /// @notice Calls `data` on the resolver of the DNS-encoded `name`.
    /// @return result What the resolver answered, ABI-encoded as its function returns it.
    /// @return resolver The resolver that answered.
    function resolveWithGateways(
        bytes calldata name,
        bytes calldata data,
        string[] calldata
    ) external view returns (bytes memory result, address resolver) {
        bool extended;
        (resolver, , extended) = _requireResolver(name);
        result = _callResolver(resolver, extended, name, data);
    }

    /// @notice The primary name of `lookupAddress`, checked against the name's own address
    /// record (for `coinType`, else its Ethereum one): a name that points elsewhere reverts
    /// ReverseAddressMismatch. An address without a name gives "".
    function reverseWithGateways(
        bytes calldata lookupAddress,
        uint256 coinType,
        string[] calldata
    ) external view returns (string memory primary, address resolver, address reverseResolver) {
        bytes memory reverseName = _reverseName(lookupAddress);
        (address reverseAt, bytes32 reverseNode, bool reverseExtended) = _requireResolver(reverseName);
        reverseResolver = reverseAt;
        primary = abi.decode(
            _callResolver(reverseAt, reverseExtended, reverseName, abi.encodeWithSignature("name(bytes32)", reverseNode)),
            (string)
        );
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);

        bytes memory primaryAddress;
        (primaryAddress, resolver) = _addressOf(primary, coinType);
        if (keccak256(primaryAddress) != keccak256(lookupAddress)) {
            revert ReverseAddressMismatch(primary, primaryAddress);
        }
    }

    /// @dev The address record of `primary` for `coinType`, or its Ethereum one when it has
    /// none for that coin type, with the resolver that holds it.
    function _addressOf(
        string memory primary,
        uint256 coinType
    ) private view returns (bytes memory primaryAddress, address resolver) {
        bytes memory name = _dnsEncode(primary);
        (address forwardAt, bytes32 node, bool extended) = _requireResolver(name);
        resolver = forwardAt;
        if (coinType != COIN_TYPE_ETH) {
            bytes memory call = abi.encodeWithSignature("addr(bytes32,uint256)", node, coinType);
            primaryAddress = abi.decode(_callResolver(forwardAt, extended, name, call), (bytes));
        }
        if (primaryAddress.length == 0) {
            bytes memory call = abi.encodeWithSignature("addr(bytes32)", node);
            primaryAddress = abi.encodePacked(abi.decode(_callResolver(forwardAt, extended, name, call), (address)));
        }
    }

    /// @dev ENSIP-10: the resolver of the name itself, else of its nearest ancestor that has
    /// one, which counts only if it resolves names below it (IExtendedResolver).
    function _requireResolver(bytes memory name) private view returns (address resolver, bytes32 node, bool extended) {
        bytes32[] memory nodes = _suffixNodes(name);
        node = nodes[0];
        for (uint256 i = 0; i < nodes.length; i++) {
            resolver = registry.resolver(nodes[i]);
            if (resolver == address(0)) continue;
            extended = _supportsInterface(resolver, EXTENDED_RESOLVER);
            if (i != 0 && !extended) revert ResolverNotFound(name);
            if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
            return (resolver, node, extended);
        }
        revert ResolverNotFound(name);
    }

    /// @dev Calls the resolver (through `resolve(name, data)` when it is extended) and
    /// unwraps the answer; a revert becomes ResolverError, an empty answer (no such profile)
    /// UnsupportedResolverProfile.
    function _callResolver(
        address resolver,
        bool extended,
        bytes memory name,
        bytes memory data
    ) private view returns (bytes memory result) {
        bool ok;
        (ok, result) = resolver.staticcall(
            extended ? abi.encodeWithSelector(EXTENDED_RESOLVER, name, data) : data
        );
        if (!ok) {
            if (result.length >= 4 && bytes4(result) == UnsupportedResolverProfile.selector) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            revert ResolverError(result);
        }
        if (result.length == 0) revert UnsupportedResolverProfile(bytes4(data));
        if (extended) result = abi.decode(result, (bytes));
    }

    /// @dev ERC-165 asked with bounded gas; anything but a clean `true` is false.
    function _supportsInterface(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory answer) = target.staticcall{gas: 30_000}(
            abi.encodeWithSignature("supportsInterface(bytes4)", interfaceId)
        );
        return ok && answer.length >= 32 && abi.decode(answer, (uint256)) == 1;
    }

    /// @dev namehash of the DNS-encoded name and of each of its parents, up to the root:
    /// nodes[0] is the name's, the last is the root's (zero). Reverts DNSDecodingFailed on a
    /// malformed encoding.
    function _suffixNodes(bytes memory name) private pure returns (bytes32[] memory nodes) {
        uint256 labels = 0;
        uint256 at = 0;
        while (true) {
            if (at >= name.length) revert DNSDecodingFailed(name);
            uint256 size = uint8(name[at]);
            if (size == 0) break;
            at += size + 1;
            labels++;
        }
        if (at != name.length - 1) revert DNSDecodingFailed(name);

        uint256[] memory starts = new uint256[](labels);
        at = 0;
        for (uint256 i = 0; i < labels; i++) {
            starts[i] = at;
            at += uint8(name[at]) + 1;
        }
        nodes = new bytes32[](labels + 1);
        bytes32 node = bytes32(0);
        for (uint256 i = labels; i > 0; i--) {
            uint256 start = starts[i - 1];
            uint256 size = uint8(name[start]);
            bytes32 labelHash;
            assembly {
                labelHash := keccak256(add(add(name, 33), start), size)
            }
            node = keccak256(abi.encodePacked(node, labelHash));
            nodes[i - 1] = node;
        }
    }

    /// @dev DNS encoding of a dotted name; empty or over-long labels revert DNSEncodingFailed.
    function _dnsEncode(string memory dotted) private pure returns (bytes memory encoded) {
        bytes memory text = bytes(dotted);
        encoded = new bytes(text.length + 2);
        uint256 labelStart = 0;
        for (uint256 i = 0; i <= text.length; i++) {
            if (i < text.length && text[i] != ".") continue;
            uint256 size = i - labelStart;
            if (size == 0 || size > 255) revert DNSEncodingFailed(dotted);
            encoded[labelStart] = bytes1(uint8(size));
            for (uint256 j = labelStart; j < i; j++) encoded[j + 1] = text[j];
            labelStart = i + 1;
        }
        // encoded[text.length + 1] is already the root's zero length.
    }

    /// @dev DNS encoding of `<lowercase hex of address>.addr.reverse`.
    function _reverseName(bytes calldata lookupAddress) private pure returns (bytes memory) {
        if (lookupAddress.length == 0) revert EmptyAddress();
        bytes16 digits = "0123456789abcdef";
        bytes memory hexLabel = new bytes(lookupAddress.length * 2);
        for (uint256 i = 0; i < lookupAddress.length; i++) {
            hexLabel[2 * i] = digits[uint8(lookupAddress[i]) >> 4];
            hexLabel[2 * i + 1] = digits[uint8(lookupAddress[i]) & 0x0f];
        }
        if (hexLabel.length > 255) revert DNSEncodingFailed(string(hexLabel));
        return abi.encodePacked(uint8(hexLabel.length), hexLabel, hex"0461646472", hex"077265766572736500");
    }
}
