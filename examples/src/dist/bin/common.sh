# Sourced by the tools in this folder: finds Java 17+ and sets JAVA and TOOL_JVM_ARGS (the class
# path lib/* of this distribution and the JVM flags every tool needs).
home="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)"
if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then
  JAVA="$JAVA_HOME/bin/java"
elif command -v java > /dev/null; then
  JAVA=java
else
  echo "$(basename "$0"): no Java found: install a Java 17 (or newer) runtime or set JAVA_HOME" >&2
  exit 1
fi
java_version="$("$JAVA" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java\.specification\.version = //p')"
if [[ "${java_version%%.*}" =~ ^[0-9]+$ ]] && (( ${java_version%%.*} < 17 )); then
  echo "$(basename "$0"): needs Java 17 or newer, found Java $java_version ($JAVA)" >&2
  exit 1
fi
# --add-opens: Flink's Kryo (state of the exactly-once sink) on Java 17, as Flink's own scripts.
TOOL_JVM_ARGS=(--add-opens java.base/java.util=ALL-UNNAMED -cp "$home/lib/*")
