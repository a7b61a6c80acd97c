// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title FixtureNFT
/// @notice ERC721 for the local devstack. Metadata is an on-chain data: URI so the NFT tab
/// renders offline. Enumerable so the local API server can list a holder's tokens without
/// an indexer.
contract FixtureNFT is ERC721Enumerable {
    using Strings for uint256;

    address public immutable minter;
    uint256 public nextTokenId = 1;

    error NotMinter(address caller);

    constructor(string memory name_, string memory symbol_) ERC721(name_, symbol_) {
        minter = msg.sender;
    }

    /// @notice Mints the next token id to `to`. Only the deployer may mint.
    function mint(address to) external returns (uint256 tokenId) {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        tokenId = nextTokenId++;
        _mint(to, tokenId);
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireMinted(tokenId);
        string memory id = tokenId.toString();
        string memory json = string.concat(
            '{"name":"', name(), " #", id,
            '","description":"Latchkit devstack fixture NFT","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_svg(tokenId, id))),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    /// @dev A square whose hue depends on the id, so tokens are told apart at a glance.
    function _svg(uint256 tokenId, string memory id) private pure returns (string memory) {
        string memory hue = ((tokenId * 47) % 360).toString();
        return string.concat(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100'>",
            "<rect width='100' height='100' fill='hsl(", hue, ",70%,55%)'/>",
            "<text x='50' y='58' font-size='24' text-anchor='middle' fill='white'>#", id, "</text>",
            "</svg>"
        );
    }
}
