package dev.kafkaconnector.io.catalog;

import com.google.auto.service.AutoService;
import java.util.List;
import org.apache.beam.sdk.extensions.sql.meta.catalog.Catalog;
import org.apache.beam.sdk.extensions.sql.meta.catalog.CatalogRegistrar;

/** Registers the catalog type {@code kafka} ({@link KafkaCatalog}) with Beam SQL. */
@AutoService(CatalogRegistrar.class)
public final class KafkaCatalogRegistrar implements CatalogRegistrar {
  @Override
  public Iterable<Class<? extends Catalog>> getCatalogs() {
    return List.of(KafkaCatalog.class);
  }
}
