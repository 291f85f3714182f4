package dev.kafkaconnector.io.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.ServiceLoader;
import org.apache.beam.sdk.extensions.sql.meta.catalog.CatalogRegistrar;
import org.junit.jupiter.api.Test;

/** The catalog without a cluster: registration, a constructor without I/O, the settings. */
class KafkaCatalogTest {

  @Test
  void registeredForServiceLoading() {
    boolean found = false;
    for (CatalogRegistrar r : ServiceLoader.load(CatalogRegistrar.class)) {
      for (Class<?> c : r.getCatalogs()) {
        found |= c == KafkaCatalog.class;
      }
    }
    assertTrue(found);
  }

  @Test
  void constructionNeitherConnectsNorValidates() {
    // Beam builds every catalog class for each CREATE CATALOG, whatever its type.
    KafkaCatalog catalog =
        new KafkaCatalog("other", Map.of("warehouse", "/tmp/x", "format", "parquet"));
    assertEquals("kafka", catalog.type());
    assertEquals("default", catalog.currentDatabase());
  }

  @Test
  void oneDatabaseAndReadOnly() {
    KafkaCatalog catalog =
        new KafkaCatalog(
            "kc",
            Map.of("properties.bootstrap.servers", "127.0.0.1:1", "default-database", "cluster1"));
    assertEquals("cluster1", catalog.currentDatabase());
    assertTrue(catalog.databaseExists("cluster1"));
    assertTrue(catalog.databaseExists("default"));
    assertFalse(catalog.databaseExists("other"));
    assertThrows(UnsupportedOperationException.class, () -> catalog.createDatabase("x"));
    assertThrows(UnsupportedOperationException.class, () -> catalog.dropDatabase("cluster1", true));
    assertThrows(
        UnsupportedOperationException.class, () -> catalog.metaStore("cluster1").dropTable("t"));
  }

  @Test
  void tableOptionsFromCatalogProperties() {
    CatalogSettings settings =
        new CatalogSettings(
            "kc",
            Map.of(
                "type",
                "kafka",
                "properties.bootstrap.servers",
                "h:1",
                "format",
                "json",
                "timestamp-format.standard",
                "ISO-8601",
                "max.fetch.records",
                "10",
                "infer-schema.compacted-topic-as-upsert-table",
                "true",
                "scan.bounded.mode",
                "latest-offset"));
    Map<String, String> options = settings.sourceOptions("orders");
    assertEquals("orders", options.get("topic"));
    assertEquals("key_", options.get("key.fields-prefix"));
    assertEquals("value_", options.get("value.fields-prefix"));
    assertEquals("ISO-8601", options.get("json.timestamp-format.standard"));
    assertEquals("earliest-offset", options.get("scan.startup.mode"));
    assertEquals("latest-offset", options.get("scan.bounded.mode"));
    assertFalse(options.containsKey("max.fetch.records"));
    assertEquals(10, settings.maxFetchRecords());
    IllegalArgumentException prefixes =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new CatalogSettings(
                        "kc",
                        Map.of(
                            "key.fields-prefix", "test1_", "value.fields-prefix", "test1_value_"))
                    .sourceOptions("t"));
    assertTrue(prefixes.getMessage().contains("Kafka catalog 'kc'"), prefixes.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> new CatalogSettings("kc", Map.of("format", "csv")).sourceOptions("t"));
  }
}
