#include "shared.h"

unsigned mix(unsigned hash, long value) {
    for (int i = 0; i < 8; i++) {
        hash = (hash ^ (unsigned)(value & 0xff)) * 16777619u;
        value >>= 8;
    }
    return hash;
}
