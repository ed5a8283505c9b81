#!/usr/bin/env bash
# scripts/image-base.sh [image-name]
#
# The base image `npm run image:verify` builds the Dockerfile on, made from Debian packages because
# no image registry is reachable from the development machines (docs/deploy.md, "The image, built
# and run with podman"). It stands in for node:20-bookworm-slim: a minimal Debian 12 root made by
# debootstrap, with this machine's Node.js and npm, and the `node` user (uid 1000) the Dockerfile
# switches to. Debian 12's own nodejs package is 18.x, older than the product's engines field
# (>= 20.19), so the node binary and npm are copied from this machine (/usr/bin/node must be >= 20.19).
# The image is kept in podman's store: a second run finds it and returns at once.
# Needs root, debootstrap and podman (apt-get install -y podman runc debootstrap).
set -euo pipefail

name=${1:-localhost/ceppro-base:bookworm-node20}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
podman=(podman --runtime /usr/sbin/runc --cgroup-manager=cgroupfs)

if "${podman[@]}" image exists "$name"; then
  echo "base image ${name}: cached ($("${podman[@]}" image inspect --format '{{.Created}}' "$name"))"
  exit 0
fi

node_bin=$(command -v node)
node_version=$("$node_bin" -p 'process.versions.node')
node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 20 || (a === 20 && b >= 19) ? 0 : 1)' ||
  { echo "image-base: ${node_bin} is Node ${node_version}; the product needs >= 20.19" >&2; exit 1; }
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
[ -f "${npm_dir}/package.json" ] || { echo "image-base: npm not found beside ${node_bin}" >&2; exit 1; }

root=$(mktemp -d /var/tmp/ceppro-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
echo "base image ${name}: debootstrap --variant=minbase bookworm from ${mirror}"
debootstrap --variant=minbase bookworm "$root" "$mirror" >"${root}.log" 2>&1 ||
  { tail -40 "${root}.log" >&2; rm -f "${root}.log"; echo "image-base: debootstrap failed" >&2; exit 1; }
rm -f "${root}.log"
# A smaller root: no package lists or downloaded .debs (apt-get update works again inside).
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The user node:20-bookworm-slim has, which the Dockerfile's runtime stage runs as.
echo 'node:x:1000:1000::/home/node:/bin/sh' >>"$root/etc/passwd"
echo 'node:x:1000:' >>"$root/etc/group"
echo 'node:*:20000:0:99999:7:::' >>"$root/etc/shadow"
install -d -o 1000 -g 1000 "$root/home/node"
# Where this machine reaches the npm registry through a TLS-intercepting proxy, Node trusts that
# proxy's CA only through NODE_EXTRA_CA_CERTS: the base carries the same bundle so that the build
# stage's `npm ci` works here. A Docker host building on node:20-bookworm-slim needs nothing of this.
extra_ca=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$root/usr/local/share/ceppro-base/extra-ca.crt"
  extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ceppro-base/extra-ca.crt')
fi
env -u NODE_EXTRA_CA_CERTS chroot "$root" /usr/local/bin/node -e 'console.log(`node ${process.version} runs inside the base root`)'

tar -C "$root" --numeric-owner -cf - . |
  "${podman[@]}" import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version}" \
    --change 'CMD ["node"]' \
    "${extra_ca[@]}" \
    --message "Debian bookworm minbase (debootstrap) + Node ${node_version} and npm from the build machine" \
    - "$name" >/dev/null
echo "base image ${name}: made (Node ${node_version}, $("${podman[@]}" image inspect --format '{{.Size}}' "$name") bytes)"
