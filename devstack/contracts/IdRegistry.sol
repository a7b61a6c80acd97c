// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/**
 * A dev stand-in for Farcaster's Id Registry (on Optimism at
 * 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b). It keeps only what Sign In With Farcaster
 * reads: `idOf(custody)` and `custodyOf(fid)`, with the real contract's signatures. fids are
 * given out by `devRegister`, which anyone may call: this contract is for local anvil chains
 * only. devstack/farcaster/idRegistry.ts places its runtime code at the canonical address.
 */
contract IdRegistry {
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error HasId();
    error FidTaken();
    error InvalidFid();
    error InvalidCustody();

    /// Gives `fid` to `custody`. Like the real registry, an address holds one fid at most
    /// and a fid has one custody address; fid 0 means "none", so it is refused.
    function devRegister(address custody, uint256 fid) external {
        if (fid == 0) revert InvalidFid();
        if (custody == address(0)) revert InvalidCustody();
        if (idOf[custody] != 0) revert HasId();
        if (custodyOf[fid] != address(0)) revert FidTaken();
        idOf[custody] = fid;
        custodyOf[fid] = custody;
        emit Register(custody, fid, address(0));
    }
}
