package dev.kafkaconnector.formats.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Strict UTF-8 validation of whole messages. Jackson's parser accepts some byte sequences that are
 * not UTF-8 (overlong forms such as {@code C0 80}, encoded surrogates such as {@code ED A0 80},
 * code points above U+10FFFF) and would turn them into broken strings; the JSON decoders reject
 * such messages instead. ASCII, the common case, is skipped eight bytes at a time.
 */
final class Utf8 {
  private Utf8() {}

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  /** The index of the first byte that is not part of valid UTF-8, or -1 when all are valid. */
  static int firstInvalid(byte[] b) {
    int i = 0;
    int n = b.length;
    while (i < n) {
      if (i + 8 <= n && ((long) LONGS.get(b, i) & HIGH_BITS) == 0) {
        i += 8;
        continue;
      }
      int c = b[i] & 0xFF;
      if (c < 0x80) {
        i++;
        continue;
      }
      int length;
      int min;
      int max = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
        min = 0x80;
      } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        // E0: no overlong forms; ED: no surrogates
        min = c == 0xE0 ? 0xA0 : 0x80;
        max = c == 0xED ? 0x9F : 0xBF;
      } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        // F0: no overlong forms; F4: nothing above U+10FFFF
        min = c == 0xF0 ? 0x90 : 0x80;
        max = c == 0xF4 ? 0x8F : 0xBF;
      } else {
        return i;
      }
      if (i + length > n) {
        return i;
      }
      int second = b[i + 1] & 0xFF;
      if (second < min || second > max) {
        return i;
      }
      for (int k = 2; k < length; k++) {
        int next = b[i + k] & 0xFF;
        if (next < 0x80 || next > 0xBF) {
          return i;
        }
      }
      i += length;
    }
    return -1;
  }
}
