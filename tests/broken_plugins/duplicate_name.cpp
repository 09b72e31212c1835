// A plugin that registers an environment under a name the in-tree plugins already use.
#include "cpex/plugin.hpp"

namespace {

class Nothing : public cpex::Environment {
 public:
  const cpex::Problem& problem() const override { return problem_; }
  std::span<const double> truth() const override { return {}; }
  void pull(const cpex::Action&, cpex::Observation&) override {}

 private:
  cpex::Problem problem_;
};

void register_duplicate(cpex::Registry& registry) {
  cpex::EnvironmentEntry entry;
  entry.name = "gaussian";
  entry.summary = "a second 'gaussian', which must be refused";
  entry.create = [](const cpex::ParamValues&, const cpex::EnvironmentContext&) {
    return std::unique_ptr<cpex::Environment>(new Nothing);
  };
  registry.add(std::move(entry));
}

}  // namespace

CPEX_PLUGIN(register_duplicate)
