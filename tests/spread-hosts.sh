#!/usr/bin/env bash
# spread-hosts.sh BUILD_DIR CASE - `slide spread` over ssh to real hosts made
# on this machine.
#
# Each host is a network namespace joined to this one by a veth pair of its
# own (a /30 of 10.77.N.0/24, N a free subnet; no other address is used),
# running its own sshd (Debian's openssh-server) with host keys made here,
# a home of its own holding a copy of the built slide (bin/slide, a wrapper
# that logs each job and runs the copy) and its own table cache
# (SLIDE_CACHE_DIR).  GNU parallel reaches them as host1 host2 host3 through
# an ssh config of the test's ($PARALLEL_SSH), with a client key made here,
# without a prompt.  Everything is torn down on exit.
#
# Cases (one ctest entry each):
#   answer        spread -S host1,host2,host3 gives solve -a idastar's answer;
#                 every host searched items (per host counts)
#   lost-host     host2's sshd and workers killed mid-search: the others finish,
#                 same answer
#   other-tables  a host whose slide has other tables is left out, both
#                 fingerprints named
#   no-slide      a host without slide, and one with another version, are each
#                 named in one line
#   resume        the driver killed mid-search and run again resumes from its
#                 checkpoint
#   twice         --twice: each item's second search on another host; a host
#                 that lies is caught, both hosts named
#
# Without root, ip, sshd or network namespaces it prints one line and exits
# 77 (ctest's SKIP_RETURN_CODE), so that the local tests still run.
set -euo pipefail
trap 'echo "spread-hosts.sh: line $LINENO: a command failed ($?)" >&2' ERR
build=$(cd "$1" && pwd)
case_name=$2
slide=$build/slide

skip() {
  echo "skipped: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "making hosts needs root (network namespaces)"
for tool in ip /usr/sbin/sshd ssh ssh-keygen parallel perl; do
  command -v "$tool" >/dev/null || skip "$tool is missing (Debian packages iproute2, openssh-server, openssh-client, parallel)"
done

dir=$(mktemp -d /tmp/slide-hosts.XXXXXX)
tag=$(basename "$dir" | tr -dc 'a-zA-Z0-9' | tail -c 6)
namespaces=()
links=()
teardown() {
  local ns pid
  for ns in "${namespaces[@]}"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$pid" 2>/dev/null || true; done
    ip netns del "$ns" 2>/dev/null || true
  done
  for link in "${links[@]}"; do ip link del "$link" 2>/dev/null || true; done
  rm -rf "$dir"
}
trap teardown EXIT

ip netns add "slide-$tag-probe" 2>/dev/null || skip "cannot make a network namespace (ip netns add)"
ip netns del "slide-$tag-probe"

# A 10.77.N.0/24 no interface of this machine uses.
subnet=
for n in $(seq $((RANDOM % 200 + 20)) 254) $(seq 20 254); do
  if ! ip -o addr show | grep -q " 10\.77\.$n\."; then
    subnet=10.77.$n
    break
  fi
done
[ -n "$subnet" ] || skip "no free subnet in 10.77.0.0/16"

ssh-keygen -q -t ed25519 -N '' -f "$dir/client" -C slide-test
cat >"$dir/ssh_config" <<EOF
Host *
  User root
  IdentityFile $dir/client
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
  ConnectTimeout 5
  ServerAliveInterval 1
  ServerAliveCountMax 3
  LogLevel ERROR
EOF
: >"$dir/known_hosts"
export PARALLEL_SSH="ssh -F $dir/ssh_config"
# this machine's slide (the driver) keeps the ctest cache; the hosts have their own
export SLIDE_PDB_MAX_GROUP=${SLIDE_PDB_MAX_GROUP:-4}

# make_host K [SLIDE]: host K with a copy of SLIDE (default the built one;
# "none": no slide), started and reachable as hostK.
make_host() {
  local k=$1 program=${2:-$slide}
  local ns=slide-$tag-h$k here=sl$tag$k there=sh$tag$k home=$dir/host$k
  local mine=$subnet.$((4 * k + 1)) theirs=$subnet.$((4 * k + 2))
  mkdir -p "$home/bin" "$home/cache" "$home/keys"
  if [ "$program" != none ]; then
    cp "$program" "$home/bin/slide.real"
    # each job it runs logged, so that the test sees the items cross ssh
    cat >"$home/bin/slide" <<EOF
#!/bin/sh
echo "\$\$ \$*" >>"$home/jobs.log"
[ -n "\${SLIDE_TEST_DELAY:-}" ] && sleep "\$SLIDE_TEST_DELAY"
exec "$home/bin/slide.real" "\$@"
EOF
    chmod +x "$home/bin/slide"
  fi
  ssh-keygen -q -t ed25519 -N '' -f "$home/keys/host" -C "host$k"
  cat >"$home/sshd_config" <<EOF
ListenAddress $theirs
HostKey $home/keys/host
PidFile $home/sshd.pid
AuthorizedKeysFile $dir/client.pub
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
AllowTcpForwarding no
X11Forwarding no
PrintMotd no
LogLevel ERROR
SetEnv PATH=$home/bin:/usr/local/bin:/usr/bin:/bin HOME=$home SLIDE_CACHE_DIR=$home/cache SLIDE_TEST_DELAY=${SLIDE_TEST_DELAY:-}
EOF
  ip netns add "$ns"
  namespaces+=("$ns")
  ip link add "$here" type veth peer name "$there"
  links+=("$here")
  ip link set "$there" netns "$ns"
  ip addr add "$mine/30" dev "$here"
  ip link set "$here" up
  ip netns exec "$ns" ip addr add "$theirs/30" dev "$there"
  ip netns exec "$ns" ip link set "$there" up
  ip netns exec "$ns" ip link set lo up
  mkdir -p /run/sshd # sshd's privilege separation directory
  ip netns exec "$ns" /usr/sbin/sshd -f "$home/sshd_config" -D -E "$home/sshd.log" &
  disown # killed with the namespace, without a word from bash
  cat >>"$dir/ssh_config" <<EOF
Host host$k
  HostName $theirs
  HostKeyAlias host$k
EOF
  echo "host$k $(cut -d' ' -f1,2 "$home/keys/host.pub")" >>"$dir/known_hosts"
  local tries=0
  until ssh -F "$dir/ssh_config" "host$k" true 2>/dev/null; do
    tries=$((tries + 1))
    [ "$tries" -lt 50 ] || { echo "host$k: sshd did not answer"; cat "$home/sshd.log"; exit 1; }
    sleep 0.1
  done
}

# host_down K: host K's sshd and everything it started killed (a machine lost)
host_down() {
  local pid
  for pid in $(ip netns pids "slide-$tag-h$1"); do kill -9 "$pid" 2>/dev/null || true; done
}

# jobs_of K: the jobs of items host K started (not the probe)
jobs_of() { cat "$dir/host$1/jobs.log" 2>/dev/null | grep -c ' work --tag' || true; }

board="14 9 3 x 10 13 1 2 4 7 11 12 15 5 8 6" # 53 moves
fail() {
  echo "FAILED: $*"
  exit 1
}
same_answer() {
  local got=$1 want
  want=$("$slide" solve -a idastar -j 1 "$board")
  [ "$got" = "$want" ] || fail "spread said '$got', solve '$want'"
  "$slide" check "$board" "$got" | grep -q '^ok: ' || fail "'$got' does not take the board to the goal"
}

# count_of NAME FILE: host NAME's results in spread's --stats summary line of FILE
count_of() { sed -n 's/^slide: stats: spread: .*; results: //p' "$2" | tr ',' '\n' | awk -v h="$1" '$1 == h { print $2 }'; }
# run_spread ARGS...: spread over the hosts, --stats into $dir/err, the answer into $dir/out
run_spread() { "$slide" spread --stats "$@" "$board" >"$dir/out" 2>"$dir/err"; }
# spread_in_background ARGS...: run_spread's, in the background: $driver is slide's pid
spread_in_background() {
  (exec "$slide" spread --stats "$@" "$board" >"$dir/out" 2>"$dir/err") &
  driver=$!
}
show() { sed 's/^/  | /' "$dir/err"; }

case "$case_name" in
answer)
  make_host 1
  make_host 2
  make_host 3
  start=$(date +%s.%N)
  run_spread -S 1/host1,1/host2,1/host3 --local 0 --per-job 150 || { show; fail "spread failed"; }
  wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  show
  same_answer "$(cat "$dir/out")"
  for k in 1 2 3; do
    echo "host$k: $(jobs_of "$k") jobs, $(count_of "host$k" "$dir/err") results"
    [ "$(jobs_of "$k")" -gt 0 ] && [ "$(count_of "host$k" "$dir/err")" -gt 0 ] || fail "host$k searched nothing"
  done
  echo "wall ${wall} s"
  ;;
lost-host)
  export SLIDE_TEST_DELAY=0.3 # each job a little longer (the hosts' sshd passes it on)
  make_host 1
  make_host 2
  make_host 3
  spread_in_background -S 1/host1,1/host2,1/host3 --per-job 40
  until [ "$(jobs_of 2)" -ge 3 ]; do
    kill -0 "$driver" 2>/dev/null || { show; fail "the search ended before host2 was lost"; }
    sleep 0.05
  done
  host_down 2
  echo "host2 lost after $(jobs_of 2) jobs"
  wait "$driver" || { show; fail "spread failed without host2"; }
  show
  same_answer "$(cat "$dir/out")"
  for k in 1 3; do
    [ "$(count_of "host$k" "$dir/err")" -gt 0 ] || fail "host$k searched nothing"
  done
  ;;
other-tables)
  # A worker builds what its cache lacks for the item's own search (heuristic,
  # group cap, memory cap), so a cache cannot give other tables; another
  # slide's planning can.  host3's slide stands for one: its probe answers
  # with another fingerprint.
  make_host 1
  make_host 2
  make_host 3
  mv "$dir/host3/bin/slide" "$dir/host3/bin/slide.now"
  cat >"$dir/host3/bin/slide" <<'EOF'
#!/bin/sh
"$0.now" "$@" | sed 's/ tables=[0-9a-f]*$/ tables=0123456789abcdef/'
EOF
  chmod +x "$dir/host3/bin/slide"
  run_spread -S 1/host1,1/host2,1/host3 --local 0 --per-job 300 || { show; fail "spread failed"; }
  show
  same_answer "$(cat "$dir/out")"
  mine=$(sed -n 's/.*tables \([0-9a-f]\{16\}\), bound.*/\1/p' "$dir/err")
  grep -q "^slide: spread: host3: its pdb tables are 0123456789abcdef, this machine's $mine (.*); left out$" "$dir/err" ||
    fail "host3 was not refused with both fingerprints"
  [ "$(jobs_of 3)" = 0 ] || fail "host3 ran items"
  ;;
no-slide)
  make_host 1
  make_host 2 none
  make_host 3
  # host3: a slide that says it is another version
  mv "$dir/host3/bin/slide" "$dir/host3/bin/slide.now"
  cat >"$dir/host3/bin/slide" <<EOF
#!/bin/sh
[ "\$1" = --version ] && { echo "slide 0.2.0"; exit 0; }
exec "$dir/host3/bin/slide.now" "\$@"
EOF
  chmod +x "$dir/host3/bin/slide"
  run_spread -S 1/host1,1/host2,1/host3 --local 0 --per-job 300 || { show; fail "spread failed"; }
  show
  same_answer "$(cat "$dir/out")"
  [ "$(grep -c '^slide: spread: host2: no answer to `slide --version` there (.*); left out$' "$dir/err")" = 1 ] ||
    fail "host2, without slide, was not named in one line"
  [ "$(grep -c '^slide: spread: host3: slide 0.2.0 there, .* here (.*); left out$' "$dir/err")" = 1 ] ||
    fail "host3, another version, was not named in one line"
  [ "$(jobs_of 3)" = 0 ] || fail "host3 ran items"
  ;;
resume)
  export SLIDE_TEST_DELAY=0.3
  make_host 1
  make_host 2
  ck=$dir/search.ck
  # killed in bound 53, the last (49 and 51 are searched here: --local)
  spread_in_background -S 1/host1,1/host2 --per-job 40 --checkpoint "$ck"
  until sed -n '1s/.* bound=53 .*/x/p' "$ck" 2>/dev/null | grep -q x &&
    [ "$(grep -cs '^slide-result' "$ck")" -ge 200 ]; do
    kill -0 "$driver" 2>/dev/null || { show; fail "the search ended before it was killed"; }
    sleep 0.05
  done
  kill -9 "$driver" || fail "the search ended before it was killed"
  wait "$driver" 2>/dev/null || true
  kept=$(grep -c '^slide-result' "$ck")
  echo "driver killed with $kept results of bound 53 in its checkpoint"
  sleep 0.5 # the jobs it had started end (parallel is told of the driver's death)
  mv "$dir/err" "$dir/err.killed"
  run_spread -S 1/host1,1/host2 --per-job 40 --checkpoint "$ck" || { show; fail "the restart failed"; }
  show
  same_answer "$(cat "$dir/out")"
  left=$(sed -n 's/^slide: spread: bound 53: \([0-9]*\) subtrees, .* \([0-9]*\) handed out.*/\1 \2/p' "$dir/err")
  echo "restart: bound 53's subtrees, and those handed out again: $left"
  [ -n "$left" ] && [ "${left#* }" -le $((${left% *} - kept)) ] || fail "the restart did not take the checkpoint's results"
  ;;
twice)
  make_host 1
  make_host 2
  make_host 3
  run_spread -S 1/host1,1/host2,1/host3 --twice --local 0 --per-job 200 || { show; fail "spread --twice failed"; }
  show
  same_answer "$(cat "$dir/out")"
  # host3 now lies: one more node in every subtree it says holds no answer (sealed again)
  mv "$dir/host3/bin/slide" "$dir/host3/bin/slide.now"
  cat >"$dir/host3/bin/slide" <<'EOF'
#!/bin/sh
case "$*" in *--probe*) exec "$0.now" "$@" ;; esac
"$0.now" "$@" | perl -ne 'BEGIN { $| = 1 } chomp;
  if (/^([^\t]*\t)?(slide-result\/1 .* found=no .* expanded=)(\d+)( .*) sum=[0-9a-f]{8}$/) {
    my ($tag, $body) = ($1 // "", $2 . ($3 + 1) . $4);
    my $h = 2166136261;
    $h = (($h ^ $_) * 16777619) % 4294967296 for unpack "C*", $body;
    $_ = sprintf "%s%s sum=%08x", $tag, $body, $h;
  }
  print "$_\n"'
EOF
  chmod +x "$dir/host3/bin/slide"
  if run_spread -S 1/host1,1/host2,1/host3 --twice --local 0 --per-job 200; then
    show
    fail "a lying host3 was not caught"
  fi
  show
  grep -Eq "^slide: spread: item [0-9]+ of bound [0-9]+ has two different results, (host3's output line [0-9]+ and host[12]'s output|host[12]'s output line [0-9]+ and host3's output)" "$dir/err" ||
    fail "the disagreement does not name host3 and another host"
  ;;
up)
  # three hosts kept up for trying things by hand, until interrupted
  make_host 1
  make_host 2
  make_host 3
  echo "export PARALLEL_SSH='$PARALLEL_SSH'  # then: slide spread -S host1,host2,host3 ..."
  sleep infinity
  ;;
*)
  echo "spread-hosts.sh: no case '$case_name'" >&2
  exit 2
  ;;
esac
