package dev.stride.spark;

import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.util.List;

/**
 * What one task wrote: its staged records, its rows, and for indexed rows the lowest and highest index it saw and
 * whether it stored whole chunks itself (-1 and -1 when it saw no row).
 */
record WrittenPart(List<StagedRecords> staged, long rows, long lowest, long highest) implements WriterCommitMessage {
}
