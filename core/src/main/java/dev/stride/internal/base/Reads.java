package dev.stride.internal.base;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads and writes of one value at a byte offset in either byte order, through exact-typed {@link VarHandle}s held in
 * static finals. The JIT treats a static-final handle as a constant and inlines the access; a handle in an instance field
 * (or a layout passed as an argument) is not constant and costs ~10-30x in a hot loop (measured with JMH). The
 * test on {@code little} is loop-invariant in a scan, so the JIT unswitches it out of the loop.
 */
public final class Reads {
    private static final VarHandle I16_LE = handle(ValueLayout.JAVA_SHORT_UNALIGNED, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I16_BE = handle(ValueLayout.JAVA_SHORT_UNALIGNED, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I32_LE = handle(ValueLayout.JAVA_INT_UNALIGNED, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32_BE = handle(ValueLayout.JAVA_INT_UNALIGNED, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I64_LE = handle(ValueLayout.JAVA_LONG_UNALIGNED, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64_BE = handle(ValueLayout.JAVA_LONG_UNALIGNED, ByteOrder.BIG_ENDIAN);
    private static final VarHandle F32_LE = handle(ValueLayout.JAVA_FLOAT_UNALIGNED, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle F32_BE = handle(ValueLayout.JAVA_FLOAT_UNALIGNED, ByteOrder.BIG_ENDIAN);
    private static final VarHandle F64_LE = handle(ValueLayout.JAVA_DOUBLE_UNALIGNED, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle F64_BE = handle(ValueLayout.JAVA_DOUBLE_UNALIGNED, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I8 = ValueLayout.JAVA_BYTE.varHandle().withInvokeExactBehavior();

    private Reads() {
    }

    private static VarHandle handle(ValueLayout layout, ByteOrder order) {
        return layout.withOrder(order).varHandle().withInvokeExactBehavior();
    }

    public static byte i8(MemorySegment s, long offset) {
        return (byte) I8.get(s, offset);
    }

    public static short i16(MemorySegment s, long offset, boolean little) {
        return little ? (short) I16_LE.get(s, offset) : (short) I16_BE.get(s, offset);
    }

    public static int i32(MemorySegment s, long offset, boolean little) {
        return little ? (int) I32_LE.get(s, offset) : (int) I32_BE.get(s, offset);
    }

    public static long i64(MemorySegment s, long offset, boolean little) {
        return little ? (long) I64_LE.get(s, offset) : (long) I64_BE.get(s, offset);
    }

    public static float f32(MemorySegment s, long offset, boolean little) {
        return little ? (float) F32_LE.get(s, offset) : (float) F32_BE.get(s, offset);
    }

    public static double f64(MemorySegment s, long offset, boolean little) {
        return little ? (double) F64_LE.get(s, offset) : (double) F64_BE.get(s, offset);
    }

    public static void i8(MemorySegment s, long offset, byte v) {
        I8.set(s, offset, v);
    }

    // a write in the other order swaps the bytes (one instruction) and stores little-endian, one handle per width
    public static void i16(MemorySegment s, long offset, boolean little, short v) {
        I16_LE.set(s, offset, little ? v : Short.reverseBytes(v));
    }

    public static void i32(MemorySegment s, long offset, boolean little, int v) {
        I32_LE.set(s, offset, little ? v : Integer.reverseBytes(v));
    }

    public static void i64(MemorySegment s, long offset, boolean little, long v) {
        I64_LE.set(s, offset, little ? v : Long.reverseBytes(v));
    }

    /** The float's bits as they are, NaN payloads included, as a float handle would store them. */
    public static void f32(MemorySegment s, long offset, boolean little, float v) {
        i32(s, offset, little, Float.floatToRawIntBits(v));
    }

    public static void f64(MemorySegment s, long offset, boolean little, double v) {
        i64(s, offset, little, Double.doubleToRawLongBits(v));
    }
}
