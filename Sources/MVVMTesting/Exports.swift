// Tests that import MVVMTesting get MVVMCore too. Combine and data-layer support live in
// MVVMCombineTesting and MVVMDataTesting, so that this module builds nothing but MVVMCore (and
// swift-custom-dump, for its diffs).
@_exported public import MVVMCore
