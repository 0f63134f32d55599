package dev.stride.spark;

import org.apache.spark.sql.connector.write.WriterCommitMessage;

import java.util.List;

/**
 * What one task wrote: its staged records, its rows, for indexed rows the lowest and highest index it saw (-1 and -1
 * when it saw no row), and the statistics of the chunks it stored whole ({@code ArrayWriter.chunkStatistics}: a few
 * hundred bytes a chunk), or null when it stored none or gathers none.
 */
record WrittenPart(List<StagedRecords> staged, long rows, long lowest, long highest, byte[] statistics) implements WriterCommitMessage {
}
