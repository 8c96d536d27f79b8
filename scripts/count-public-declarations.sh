#!/bin/bash
# Public declarations per library module at a revision: lines declaring a public or open symbol
# (func, var, let, init, subscript, case, struct, class, enum, protocol, typealias, actor,
# associatedtype, operator) in Sources/<Module>, from git. Usage: scripts/count-public-declarations.sh REV
# An approximation by grep (a declaration split over lines counts once, a doc example never):
# for comparing two revisions, as issue 29 did.
rev=$1
for module in MVVMCore MVVMCombine MVVMOpenCombine MVVMData MVVMTesting MVVMCombineTesting MVVMDataTesting MVVMTerminal MVVMCollections MVVMLogging MVVMGRDB MVVMPNG MVVMAsyncHTTPClient; do
  files=$(git ls-tree -r --name-only "$rev" -- "Sources/$module" 2>/dev/null | grep '\.swift$')
  if [ -z "$files" ]; then printf "%-22s %s\n" "$module" "-"; continue; fi
  n=0
  for f in $files; do
    c=$(git show "$rev:$f" | grep -cE '^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s+((static|final|class|override|mutating|nonisolated|indirect|convenience|required)\s+)*(func|var|let|init|subscript|case|struct|class|enum|protocol|typealias|actor|associatedtype|operator)\b')
    n=$((n + c))
  done
  printf "%-22s %s\n" "$module" "$n"
done
