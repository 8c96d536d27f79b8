#!/bin/bash
# Public declarations per library module at a revision: lines declaring a public or open symbol
# (func, var, let, init, subscript, case, struct, class, enum, protocol, typealias, actor,
# associatedtype, operator) in Sources/<Module>, from git. Usage: scripts/count-public-declarations.sh REV
# An approximation by grep (a declaration split over lines counts once, a doc example never):
# for comparing two revisions, as issue 29 did. Declarations marked deprecated are counted, and
# also shown apart: "300 (6 of them deprecated)".
rev=$1
declaration='^\s*(@[A-Za-z_]+(\([^)]*\))?\s+)*(public|open)\s+((static|final|class|override|mutating|nonisolated|indirect|convenience|required)\s+)*(func|var|let|init|subscript|case|struct|class|enum|protocol|typealias|actor|associatedtype|operator)\b'
for module in MVVMCore MVVMCombine MVVMOpenCombine MVVMData MVVMTesting MVVMCombineTesting MVVMDataTesting MVVMTerminal MVVMCollections MVVMLogging MVVMGRDB MVVMPNG MVVMAsyncHTTPClient; do
  files=$(git ls-tree -r --name-only "$rev" -- "Sources/$module" 2>/dev/null | grep '\.swift$')
  if [ -z "$files" ]; then printf "%-22s %s\n" "$module" "-"; continue; fi
  n=0
  d=0
  for f in $files; do
    text=$(git show "$rev:$f")
    c=$(printf '%s\n' "$text" | grep -cE "$declaration")
    n=$((n + c))
    # Declared right under `@available(*, deprecated…)`: on their way out, counted apart.
    c=$(printf '%s\n' "$text" | grep -A1 -E '^\s*@available\(\*, deprecated' | grep -cE "$declaration")
    d=$((d + c))
  done
  if [ "$d" -gt 0 ]; then printf "%-22s %s (%s of them deprecated)\n" "$module" "$n" "$d"; else printf "%-22s %s\n" "$module" "$n"; fi
done
