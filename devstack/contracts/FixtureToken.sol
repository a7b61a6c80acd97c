// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title FixtureToken
/// @notice ERC20 for the local devstack. Decimals are a constructor argument because the
/// widget must format 0, 6 and 18 decimal tokens, and OpenZeppelin hard-codes 18.
contract FixtureToken is ERC20 {
    uint8 private immutable _decimals;

    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address holder
    ) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _mint(holder, initialSupply);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}
