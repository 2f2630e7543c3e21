#!/usr/bin/env bash
# Regenerates the game's sound effects with SoX (tested with SoX v14.4.2). Deterministic: `-R`
# seeds SoX's noise generator and `-D` turns dithering off, so the same SoX gives the same files.
#
# Every sound is a few damped sine partials (a "modal" model of wood or a bell) plus, for the
# knocks, a short filtered noise transient. A 'fade l' fade-out decays exponentially (about
# 100 dB over its length), which is what struck objects do. Output: 16-bit 44.1 kHz mono WAV,
# peak-normalised to -3 dBFS, with a 2 ms fade-in and a short fade-out so nothing clicks.
set -euo pipefail

cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

RATE=44100
# Intermediate files are 32-bit float so mixing loses nothing.
F=(-r "$RATE" -c 1 -e floating-point -b 32)

# partial NAME FREQ DECAY GAIN_DB [DELAY]: a sine at FREQ Hz that decays by ~100 dB over DECAY
# seconds from its start, attenuated by GAIN_DB, optionally starting DELAY seconds late.
partial() {
    local name=$1 freq=$2 decay=$3 gain=$4 delay=${5:-0}
    sox -R -D -r "$RATE" -n "${F[@]}" "$tmp/$name.wav" synth "$decay" sine "$freq" \
        fade l 0 "$decay" "$decay" fade q 0.002 gain -6 gain "$gain" pad "$delay"
}

# knock NAME SECONDS CUTOFF GAIN_DB [DELAY]: a 12 ms burst of low-passed noise, the "contact".
knock() {
    local name=$1 len=$2 cutoff=$3 gain=$4 delay=${5:-0}
    sox -R -D -r "$RATE" -n "${F[@]}" "$tmp/$name.wav" synth 0.012 whitenoise \
        lowpass "$cutoff" lowpass "$cutoff" fade q 0.0005 0.012 0.011 gain "$gain" \
        pad "$delay" "$len"
}

# finish OUT SECONDS "FILTERS" INPUTS...: mixes the inputs, trims to SECONDS, filters, and
# writes the final 16-bit file normalised to -3 dBFS with a 15 ms fade-out.
finish() {
    local out=$1 len=$2 filters=$3
    shift 3
    # shellcheck disable=SC2086 # the filters are several words on purpose
    sox -R -D -m "$@" "${F[@]}" "$tmp/mix.wav" trim 0 "$len" $filters
    sox -R -D "$tmp/mix.wav" -r "$RATE" -c 1 -e signed-integer -b 16 "$out" \
        fade q 0.002 "$len" 0.015 norm -3
}

# move: a soft wooden tock - a warm low body, a woody mode and a gentle contact.
partial m1 190 0.14 0
partial m2 620 0.09 -4
partial m3 1430 0.05 -14
knock m4 0.16 2500 -12
finish move.wav 0.16 "highpass 70 lowpass 5000" "$tmp"/m{1,2,3,4}.wav

# capture: a sharper double knock - brighter modes and a crisper contact, twice.
for hit in 1 2; do
    if [ "$hit" = 1 ]; then d=0; f=1; else d=0.085; f=0.9; fi
    partial "c${hit}a" "$(echo "230 * $f" | bc -l)" 0.1 0 "$d"
    partial "c${hit}b" "$(echo "760 * $f" | bc -l)" 0.075 -3 "$d"
    partial "c${hit}c" "$(echo "1820 * $f" | bc -l)" 0.045 -9 "$d"
    knock "c${hit}d" 0.3 4500 -6 "$d"
done
finish capture.wav 0.26 "highpass 80 lowpass 7000" "$tmp"/c1{a,b,c,d}.wav "$tmp"/c2{a,b,c,d}.wav

# check: a gentle two-tone chime, G5 then D6 (a rising fifth), soft bell partials.
partial k1 784 1.0 0
partial k2 1568 0.5 -16
partial k3 1175 0.9 -1 0.13
partial k4 2350 0.45 -17 0.13
finish check.wav 0.55 "lowpass 6000" "$tmp"/k{1,2,3,4}.wav

# game_end: a suspended chord (C4 F4 G4) resolving into C major (C4 E4 G4 C5) that rings out.
partial e1 261.63 0.35 -6
partial e2 349.23 0.35 -6
partial e3 392.00 0.35 -6
partial e4 261.63 1.4 -1 0.16
partial e5 329.63 1.3 -2 0.17
partial e6 392.00 1.3 -3 0.18
partial e7 523.25 1.2 -4 0.19
partial e8 1046.5 0.6 -20 0.19
partial e9 523.25 0.7 -16 0.16
partial e10 659.26 0.6 -18 0.17
finish game_end.wav 0.6 "lowpass 5000" "$tmp"/e{1,2,3,4,5,6,7,8,9,10}.wav

# select: a very soft click - a small high mode that dies in a few milliseconds.
partial s1 1900 0.03 0
partial s2 950 0.045 -6
knock s3 0.1 3000 -14
finish select.wav 0.1 "lowpass 4500" "$tmp"/s{1,2,3}.wav

# illegal: a muted low bump - a low thud with no bright edge.
partial i1 110 0.25 0
partial i2 165 0.14 -6
partial i3 330 0.08 -14
finish illegal.wav 0.22 "lowpass 900" "$tmp"/i{1,2,3}.wav

# low_time: two quick high ticks, like a clock's escapement, when a clock falls under 10 s.
for tick in 1 2; do
    if [ "$tick" = 1 ]; then d=0; else d=0.14; fi
    partial "t${tick}a" 1760 0.05 0 "$d"
    partial "t${tick}b" 2640 0.035 -8 "$d"
    knock "t${tick}c" 0.3 6000 -10 "$d"
done
finish low_time.wav 0.24 "highpass 300 lowpass 7000" "$tmp"/t1{a,b,c}.wav "$tmp"/t2{a,b,c}.wav
