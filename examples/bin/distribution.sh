# Sourced by the launchers in this folder: distribution_lib TOOL prints the class path lib/* of
# the distribution that `mvn package` unpacks in examples/target/kafka-connector-<version>-bin/,
# or ends the launcher with status 1 and what to run when there is none. It warns when a pom.xml
# or a main source file is newer than the distribution (then `mvn package` again).
distribution_lib() {
  local root dist
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  dist="$(find "$root/examples/target" -mindepth 2 -maxdepth 2 -type d \
      -path '*/kafka-connector-*-bin/kafka-connector-*' 2> /dev/null | sort | tail -1)"
  if [[ -z "$dist" || ! -d "$dist/lib" ]]; then
    echo "$1: no distribution in $root/examples/target: build it first, from $root:" >&2
    echo "  mvn -B -q package -DskipTests" >&2
    exit 1
  fi
  if [[ -n "$(find "$root" -path '*/target' -prune -o \
      \( -name pom.xml -o -path '*/src/main/*' \) -type f -newer "$dist/lib" -print -quit)" ]]; then
    echo "$1: note: sources changed since $dist was built (mvn -B -q package -DskipTests)" >&2
  fi
  echo "$dist/lib/*"
}
